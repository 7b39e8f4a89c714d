import { BadgeCheck } from 'lucide-react';
import type { RefObject } from 'react';
import type { MemberOffer } from '../../../../shared/contracts/member-walk-in';
import { CountStepper } from './count-stepper';
import { KioskCard, KioskCheckbox, readableDate } from './kiosk-ui';
import { todayInLondon } from '../../../../shared/dates';

/** What the kiosk keeps of a member card's offer: the card, the offer, and the id its Check In is sent with. */
export type MemberWalkIn = { card: string; requestId: string; offer: MemberOffer };

/**
 * A member card with no booking today (issue 40): the covered children (first names only, all ticked), the
 * session they would join, and the grown-ups: free ones counted here when the plan lets them in free;
 * otherwise, and beyond that, grown-ups' tickets are paid at the desk (nothing is sold at the kiosk).
 */
export function MemberOfferCard({
  offer,
  chosen,
  onChosen,
  adults,
  onAdults,
  heading,
  error,
}: {
  offer: MemberOffer;
  chosen: boolean[];
  onChosen: (i: number, v: boolean) => void;
  adults: number;
  onAdults: (n: number) => void;
  heading: RefObject<HTMLHeadingElement | null>;
  error?: string;
}) {
  return (
    <KioskCard title="Your Membership" icon={<BadgeCheck aria-hidden className="h-7 w-7 text-brand-700" />}>
      <h3 ref={heading} tabIndex={-1} className="text-3xl font-bold text-brand-800 focus:outline-none">
        No booking today? Play with your membership
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-lg">
        <dt className="font-semibold text-slate-700">Date</dt>
        <dd className="text-slate-900">{readableDate(todayInLondon(new Date()))}</dd>
        <dt className="font-semibold text-slate-700">Session</dt>
        <dd className="break-words text-slate-900">{offer.session}</dd>
      </dl>
      <fieldset className="mt-5" aria-describedby={error ? 'member-children-error' : undefined}>
        <legend className="mb-2 text-lg font-semibold text-slate-900">Who is playing?</legend>
        <div className="space-y-3">
          {offer.children.map((c, i) => (
            <KioskCheckbox
              key={i}
              id={`member-child-${i}`}
              checked={chosen[i] ?? false}
              onChange={(v) => onChosen(i, v)}
            >
              {c.firstName}
            </KioskCheckbox>
          ))}
        </div>
        {error ? (
          <p id="member-children-error" className="mt-1 font-medium text-berry-700">
            {error}
          </p>
        ) : null}
      </fieldset>
      <div className="mt-5 space-y-3">
        {offer.freeAdults > 0 ? (
          <CountStepper label="Grown-ups (free)" value={adults} min={0} max={offer.freeAdults} onChange={onAdults} />
        ) : null}
        <p
          className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-lg text-slate-900"
          data-testid="grown-ups-note"
        >
          {offer.freeAdults > 0
            ? `Up to ${offer.freeAdults} grown-ups come in free with your membership. Any more grown-ups' tickets are paid at the desk.`
            : "Grown-ups' tickets are paid at the desk: please see reception before you play."}
        </p>
      </div>
    </KioskCard>
  );
}
