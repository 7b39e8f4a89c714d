import { Info } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import type { FamilyProfileResponse } from '../../../../shared/contracts/family-profile';
import { ageText, childrenOnVisit, suggestTickets } from '../../../../shared/child-tickets';
import { longDayMonth } from '../../../../shared/date-text';
import { todayInLondon } from '../../../../shared/dates';
import { useFamilyProfile } from '../../../api/family-profile';
import { useFamilyMemberships } from '../../../api/memberships';
import { FieldError } from '../../../components/ui/primitives';
import { type Quantities, ticketCount } from '../lib/order';
import { coverEstimate, coveredChildren } from './member-cover-hint';
import { SmallCounter } from './small-counter';
import { sameSuggestion, withSuggestedTickets } from './suggested-quantities';

export type ContactPrefill = { customerName: string; customerPhone: string };

/**
 * "Who's coming?" on the details step, for a family signed in with a profile (issue 39). Loaded only when
 * this browser has a family session: it reads the profile, fills the contact fields the family left empty
 * (the first grown-up's name and phone), and lists the children with their age on the visit date. Ticking
 * them sets the under-1 and 1-12 tickets to match; the family can change those numbers here (or any ticket
 * on step 1). A new visit date that changes a child's ticket (a first birthday) suggests again.
 */
export function WhosComing({
  email,
  date,
  bandId,
  types,
  quantities,
  onQuantities,
  ticked,
  onTicked,
  contact,
  onPrefill,
  namesChildren,
  onCover,
  error,
}: {
  /** The family session's address. */
  email: string;
  /** The visit date chosen, or '' (ages are then today's). */
  date: string;
  /** The chosen date's band of days (a membership may cover only some). */
  bandId?: string;
  /** The ticket types on sale for that date. */
  types: TicketTypeDto[];
  quantities: Quantities;
  onQuantities: (q: Quantities) => void;
  ticked: string[];
  onTicked: (ids: string[]) => void;
  contact: ContactPrefill;
  onPrefill: (field: keyof ContactPrefill, value: string) => void;
  /** Whether the booking's e-mail is the session's: only then are the children named on it. */
  namesChildren: boolean;
  /** What the family's memberships take off the order (0 when none, or when the children are not named). */
  onCover: (pence: number) => void;
  error?: string;
}) {
  const profile = useFamilyProfile(email).data;
  const memberships = useFamilyMemberships(email).data?.memberships;
  useContactPrefill(profile, contact, onPrefill);
  // Ticks kept from before /payment name only children still on the profile.
  useEffect(() => {
    if (!profile) return;
    const kept = ticked.filter((id) => profile.children.some((c) => c.id === id));
    if (kept.length !== ticked.length) onTicked(kept);
  }, [profile, ticked, onTicked]);

  const day = date || todayInLondon(new Date());
  const children = profile?.children ?? [];
  const onSale = types.map((t) => t.id);
  const chosen = children.filter((c) => ticked.includes(c.id));
  const suggestion = suggestTickets(chosen, day, types);
  // Ticked children a membership covers on this date (the server decides, under its limits, when the booking is made).
  const covered = date ? coveredChildren(memberships ?? [], chosen, date, bandId) : [];
  const cover = date && namesChildren ? coverEstimate(memberships ?? [], chosen, date, bandId, types, quantities) : 0;
  useEffect(() => onCover(cover), [cover, onCover]);
  useEffect(() => () => onCover(0), [onCover]);

  // A new date: suggest again only when a child's ticket changes with it, so the family's own numbers stay.
  const applied = useRef(suggestion.quantities);
  useEffect(() => {
    if (chosen.length === 0 || sameSuggestion(applied.current, suggestion.quantities)) return;
    applied.current = suggestion.quantities;
    onQuantities(withSuggestedTickets(quantities, suggestion.quantities, onSale));
    // Only the date asks for this: ticking applies the suggestion itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [day]);

  if (children.length === 0) return null;

  const toggle = (id: string, on: boolean) => {
    const ids = on ? [...ticked, id] : ticked.filter((x) => x !== id);
    onTicked(ids);
    const next = suggestTickets(
      children.filter((c) => ids.includes(c.id)),
      day,
      types,
    ).quantities;
    applied.current = next;
    onQuantities(withSuggestedTickets(quantities, next, onSale));
  };

  const suggestedTypes = types.filter((t) => t.id in suggestion.quantities);
  const suggestedLines = suggestedTypes
    .filter((t) => suggestion.quantities[t.id]! > 0)
    .map((t) => (
      // Kept on one line: "1 × Children 1-12 years" breaks badly at its hyphens on a phone.
      <span key={t.id} className="whitespace-nowrap">
        {suggestion.quantities[t.id]} × {t.title}
      </span>
    ));

  return (
    <fieldset
      id="whos-coming"
      tabIndex={-1}
      aria-describedby={`whos-coming-hint${error ? ' whos-coming-error' : ''}`}
      className="rounded-2xl border-2 border-slate-200 p-4 focus:outline-none"
    >
      <legend className="px-1 font-semibold text-slate-900">Who&apos;s coming?</legend>
      <p id="whos-coming-hint" className="text-sm text-slate-700">
        Tick your children who are coming and we&apos;ll suggest their tickets. Ages{' '}
        {date ? `on ${longDayMonth(date)}` : 'today: they change if a birthday comes before your visit'}.
      </p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {childrenOnVisit(children, day, types).map((c) => (
          <li key={c.id}>
            <label className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
              <input
                type="checkbox"
                checked={ticked.includes(c.id)}
                onChange={(e) => toggle(c.id, e.target.checked)}
                aria-invalid={error ? true : undefined}
                className="h-6 w-6 shrink-0 accent-brand-700"
              />
              <span className="text-slate-900">
                <span className="font-semibold">{c.firstName}</span>, {ageText(c.age)}
              </span>
            </label>
          </li>
        ))}
      </ul>
      <FieldError id="whos-coming-error" message={error} />
      <div aria-live="polite" className="mt-3 space-y-2 empty:hidden">
        {suggestion.withoutTicket.map((c) => (
          <p key={c.id} className="flex items-start gap-2 text-sm text-slate-800">
            <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              {c.firstName} is {c.age}
              {date ? ` on ${longDayMonth(date)}` : ''}: our child tickets are for ages up to 12, so we haven&apos;t
              suggested one. Please choose a ticket for {c.firstName} yourself.
            </span>
          </p>
        ))}
        {covered.map(({ planName, names, count }) => (
          <p key={planName} className="font-medium text-slate-900" data-testid="member-cover-hint">
            Your {planName} covers {names}, so {count === 1 ? 'that place is' : 'those places are'} free: it comes off
            when you book.
          </p>
        ))}
        {suggestedLines.length > 0 ? (
          <p className="font-medium text-slate-900">
            We&apos;ve suggested {suggestedLines[0]}
            {suggestedLines.length > 1 ? <> and {suggestedLines[1]}</> : null}.
          </p>
        ) : null}
      </div>
      {chosen.length > 0 ? (
        <div className="mt-2">
          <p className="text-sm text-slate-700">You can still change the numbers:</p>
          <ul className="mt-1 divide-y divide-slate-100">
            {suggestedTypes.map((t) => (
              <li key={t.id}>
                <SmallCounter
                  type={t}
                  count={quantities[t.id] ?? 0}
                  canRemove={ticketCount(quantities) > 1}
                  onChange={(n) => onQuantities({ ...quantities, [t.id]: n })}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {!namesChildren && chosen.length > 0 ? (
        <p className="mt-2 text-sm text-slate-800">
          Your children are named on the booking only when you book with <strong>{email}</strong>.
        </p>
      ) : null}
    </fieldset>
  );
}

/** Once the profile arrives: the first grown-up's name and phone, into the contact fields still empty. */
function useContactPrefill(
  profile: FamilyProfileResponse | undefined,
  contact: ContactPrefill,
  onPrefill: (field: keyof ContactPrefill, value: string) => void,
) {
  const done = useRef(false);
  useEffect(() => {
    const adult = profile?.adults[0];
    if (!profile || done.current) return;
    done.current = true;
    if (!adult) return;
    if (!contact.customerName.trim() && adult.name) onPrefill('customerName', adult.name);
    if (!contact.customerPhone.trim() && adult.phone) onPrefill('customerPhone', adult.phone);
  }, [profile, contact, onPrefill]);
}
