import { Printer, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StaffPartySheet } from '../../../../shared/contracts/admin-parties';
import { longDate } from '../../../../shared/date-text';
import { allergens, allergenInfo, type AllergenId } from '../../../../shared/menu';
import { formatPence } from '../../../../shared/money';
import { useStaffMe } from '../../../api/staff-session';
import { QueryState } from '../components/query-state';
import { smallSecondary } from '../components/panel-parts';
import { formatDayAndTime } from '../lib/format';
import { CancelPartyForm } from './cancel-party-form';
import { MovePartyForm } from './move-party-form';
import { PartyNotesForm } from './party-notes-form';
import { usePartySheet, usePartyWeek } from './parties-api';
import { PaidAndDue, PartyStatusPill } from './party-status';
import './party-sheet-print.css';

function Block({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      className={`rounded-2xl border border-slate-200 bg-white p-3 shadow-sm print:rounded-none print:border-slate-400 print:p-2 ${className}`}
      aria-label={title}
    >
      <h4 className="font-bold text-brand-800">{title}</h4>
      <div className="mt-1 text-slate-800">{children}</div>
    </section>
  );
}

const isAllergen = (id: string): id is AllergenId => allergens.some((a) => a.id === id);
const allergenLabel = (id: string) => (isAllergen(id) ? allergenInfo(id).short : id);

const purposeText: Record<string, string> = { party_deposit: 'Deposit', party_balance: 'Balance' };

/**
 * A party's sheet, as staff run the party from it and print it (one A4 page; the actions below it are
 * not printed): who, when, where, numbers, RSVPs, the guests' allergies and the food with its allergens
 * in red, notes, money.
 */
export function PartySheetView({ id, week }: { id: string; week: string }) {
  const query = usePartySheet(id);
  const weekQuery = usePartyWeek(week);
  const me = useStaffMe();
  const isAdmin = me.data?.signedIn === true && me.data.kind === 'staff' && me.data.role === 'admin';
  const state = <QueryState query={query} what="the party" />;
  if (!query.data) return state;
  const p: StaffPartySheet = query.data.party;
  const live = p.status === 'held' || p.status === 'confirmed';
  const allergic = p.guests.filter((g) => g.rsvp === 'coming' && g.allergies.trim() !== '');
  return (
    <>
      <article className="party-sheet mt-4 space-y-3" aria-labelledby={`party-${p.id}-heading`}>
        <div className="flex flex-wrap items-center gap-3">
          <h3 id={`party-${p.id}-heading`} className="text-xl font-bold text-slate-900">
            {p.childFirstName}'s party ({p.childAge}) · <span className="font-mono">{p.reference}</span>
          </h3>
          <PartyStatusPill status={p.status} />
          <button type="button" className={`${smallSecondary} print-hide`} onClick={() => window.print()}>
            <Printer aria-hidden className="h-4 w-4" />
            Print sheet
          </button>
        </div>
        <p className="party-sheet-when text-lg font-semibold text-slate-900">
          {longDate(p.date)} · {p.slotLabel} · {p.roomName}
        </p>
        <div className="grid gap-3 sm:grid-cols-2 print:grid-cols-2">
          <Block title="Party">
            <p>
              {p.packageName} · {p.children} children
            </p>
            <p className="break-words">
              {p.parentName} · {p.parentPhone}
            </p>
            <p className="break-words">{p.parentEmail}</p>
            {p.createdByStaff ? <p className="text-sm">Booked by phone ({p.createdByStaff})</p> : null}
          </Block>
          <Block title="Money">
            <p>Total {formatPence(p.totalPence)}</p>
            <p>
              <PaidAndDue party={p} />
            </p>
            <p className="text-sm">Balance due by {longDate(p.balanceDueDate)}</p>
            {p.payments.length > 0 ? (
              <ul className="mt-1 text-sm">
                {p.payments.map((pay) => (
                  <li key={pay.id}>
                    {purposeText[pay.purpose] ?? pay.purpose} {formatPence(pay.amountPence)} · {pay.status} ·{' '}
                    {formatDayAndTime(pay.createdAt)}
                    {pay.refundStatus
                      ? ` · refund ${formatPence(pay.refundPence)} ${pay.refundStatus === 'pending' ? '(on its way)' : '(done)'}`
                      : ''}
                  </li>
                ))}
              </ul>
            ) : null}
            {p.status === 'cancelled' ? (
              <p className="mt-1 text-sm">
                Cancelled; deposit{' '}
                {p.depositOutcome === 'refund' ? 'refunded' : p.depositOutcome === 'keep' ? 'kept' : 'not paid'}
                {p.cancelReason ? `: ${p.cancelReason}` : ''}
              </p>
            ) : null}
          </Block>
          <Block title="Guests">
            <p>
              {p.rsvp.coming} coming · {p.rsvp.notComing} not coming · {p.rsvp.noAnswer} no answer ({p.rsvp.invited}{' '}
              invited)
            </p>
            {p.guests.length > 0 ? (
              <ul className="mt-1 text-sm">
                {p.guests.map((g, i) => (
                  <li key={i}>
                    {g.firstName} {g.rsvp === 'coming' ? '' : '(not coming)'}
                    {g.allergies ? <strong className="text-red-800"> · allergy: {g.allergies}</strong> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </Block>
          <Block
            title="Allergies and dietary needs"
            className={allergic.length > 0 || p.dietaryNotes ? 'border-red-300' : ''}
          >
            {allergic.length === 0 && !p.dietaryNotes ? <p>None given.</p> : null}
            {allergic.length > 0 ? (
              <p className="flex gap-1 font-bold text-red-800">
                <TriangleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
                {allergic.map((g) => `${g.firstName}: ${g.allergies}`).join('; ')}
              </p>
            ) : null}
            {p.dietaryNotes ? <p className="break-words">Family's notes: {p.dietaryNotes}</p> : null}
          </Block>
          <Block title="Food" className="sm:col-span-2 print:col-span-2">
            {p.food.length === 0 ? (
              <p>No food with this package.</p>
            ) : (
              <ul className="grid gap-x-4 sm:grid-cols-2 print:grid-cols-2">
                {p.food.map((f) => (
                  <li key={f.optionId}>
                    <strong>{f.count} ×</strong> {f.name}
                    {f.allergens.length > 0 ? (
                      <span className="font-semibold text-red-800">
                        {' '}
                        · contains {f.allergens.map(allergenLabel).join(', ')}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Block>
          <Block title="Staff notes" className="sm:col-span-2 print:col-span-2">
            <p className="whitespace-pre-wrap break-words">{p.staffNotes || 'No notes yet.'}</p>
          </Block>
        </div>
      </article>
      <div className="mt-4 space-y-4 print:hidden">
        <PartyNotesForm key={`notes-${p.id}`} id={p.id} staffNotes={p.staffNotes} version={p.version} />
        {live && weekQuery.data ? <MovePartyForm key={`move-${p.version}`} party={p} week={weekQuery.data} /> : null}
        {live ? (
          <CancelPartyForm id={p.id} depositRule={p.depositRuleNow} paidPence={p.paidPence} isAdmin={isAdmin} />
        ) : null}
      </div>
    </>
  );
}
