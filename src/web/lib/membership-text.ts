import type {
  AdminMembershipAction,
  FamilyMembership,
  MembershipPeriod,
  MembershipPlansResponse,
  MembershipStatus,
} from '../../shared/contracts/memberships';
import { longDate } from '../../shared/date-text';
import { todayInLondon } from '../../shared/dates';
import { lastDayPaid } from '../../shared/memberships';
import { formatPence } from '../../shared/money';

/**
 * The words the membership screens use (the /memberships page, My Bookings and the staff's Members tab),
 * from the server's facts: money from integer pence, dates in London.
 */
export type PublicPlan = MembershipPlansResponse['plans'][number];

const per: Record<MembershipPeriod, string> = { monthly: 'a month', annual: 'a year' };

/** "£24.99 a month", "£199 a year". */
export const priceText = (pence: number, period: MembershipPeriod): string =>
  `${formatPence(pence, { whole: true })} ${per[period]}`;

/** "1 child", "Up to 3 children". */
export const childrenText = (n: number): string => (n === 1 ? '1 child' : `Up to ${n} children`);

/** "Off-peak days", "Any day we are open". */
export const daysText = (days: string): string => (days === 'Any day' ? 'Any day we are open' : days);

export const visitsText = (n: number): string => (n === 1 ? 'One visit a day' : `Up to ${n} visits a day`);

/** The London date of an instant the server sends ("2026-12-28T10:00:00Z" → "2026-12-28"). */
export const londonDateOf = (iso: string): string => todayInLondon(new Date(iso));

/** "Saturday 28 December 2026" for an instant. */
export const longDateOf = (iso: string): string => longDate(londonDateOf(iso));

/**
 * The last day a period that ends at `iso` covers, in words (shared/memberships.ts lastDayPaid: the day the kiosk
 * and the booking page last accept, and what the mails say). A renewal's date is the day after it: longDateOf.
 */
export const lastDayText = (iso: string): string => longDate(lastDayPaid(iso));

/** "Maisie", "Maisie and Alfie", "Maisie, Alfie and Rosa". */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const statusWords: Record<MembershipStatus, string> = {
  pending: 'Waiting for payment',
  active: 'Active',
  past_due: 'Payment due',
  paused: 'Paused',
  cancelled: 'Cancelled',
  ended: 'Ended',
};
/** The status in a word or two (a badge). */
export const statusText = (s: MembershipStatus): string => statusWords[s];

const statusNotes: Partial<Record<MembershipStatus, string>> = {
  pending: 'We are waiting for your first payment to clear.',
  past_due: 'Your last payment did not go through. We will try your card again and e-mail you each time.',
  paused: 'Your membership is paused: its places are not free while it is paused. Please ask us at the front desk.',
  cancelled: 'It will not renew. You can keep using it until the end of the period you have paid for.',
};
/** What the status means for the family, when it needs saying; `paymentDue`: a renewal failed (not an admin). */
export const statusNote = (s: MembershipStatus, paymentDue = false): string | null =>
  paymentDue && s === 'paused'
    ? 'Your membership is paused because its payment did not go through. Update your card and pay to start it again: visits booked ahead on it are cancelled unless it is paid in time (we e-mailed you the times).'
    : paymentDue && s === 'past_due'
      ? 'Your last payment did not go through. We will try your card again and e-mail you each time, or you can update your card and pay now.'
      : (statusNotes[s] ?? null);

type Dated = Pick<FamilyMembership, 'status' | 'period' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>;

/** When it renews or ends ({ label: 'Renews on', date }), or null with no date to give (unpaid, ended). */
export function renewal(
  m: Dated,
): { label: 'Renews on' | 'Ends on' | 'Runs until' | 'Payment was due on' | 'Paid until'; date: string } | null {
  if (!m.currentPeriodEnd || m.status === 'ended' || m.status === 'pending') return null;
  // An end is the last day covered; a renewal (or one that was due) is the day the next period starts.
  const date = lastDayText(m.currentPeriodEnd);
  const renews = longDateOf(m.currentPeriodEnd);
  if (m.cancelAtPeriodEnd || m.status === 'cancelled') return { label: 'Ends on', date };
  // A renewal that failed is not a date still to come.
  if (m.status === 'past_due') return { label: 'Payment was due on', date: renews };
  if (m.status === 'paused') return { label: 'Paid until', date };
  return m.period === 'monthly' ? { label: 'Renews on', date: renews } : { label: 'Runs until', date };
}

/** "Renews on Monday 28 December 2026", "Ends on …", or null. */
export function renewalText(m: Dated): string | null {
  const r = renewal(m);
  return r ? `${r.label} ${r.date}` : null;
}

/** Within the 14 days of joining (UK cooling-off), a cancellation can end it now with a refund. */
export const inCoolingOff = (m: Pick<FamilyMembership, 'coolingOffUntil'>, now: Date): boolean =>
  now.getTime() <= new Date(m.coolingOffUntil).getTime();

/**
 * What the family may still do: end it at the end of the period paid (while it runs and renews), or, in the
 * cooling-off window, cancel now with a refund (also after choosing the end of the period).
 */
export function cancelChoices(
  m: Pick<FamilyMembership, 'status' | 'coolingOffUntil'>,
  now: Date,
): { endOfPeriod: boolean; coolingOff: boolean } {
  const running = m.status === 'active' || m.status === 'past_due' || m.status === 'paused';
  const coolingOff = (running || m.status === 'cancelled') && inCoolingOff(m, now);
  return { endOfPeriod: running, coolingOff };
}

/** The plain summary before paying: today's payment, what follows, and the cooling-off right. */
export function joinSummaryLines(plan: Pick<PublicPlan, 'pricePence' | 'period' | 'name'>): string[] {
  const price = formatPence(plan.pricePence);
  return plan.period === 'monthly'
    ? [
        `Today you pay ${price} for your first month.`,
        `Then ${price} is taken each month, on the same date, until you cancel. You can cancel at any time in My Bookings: it runs to the end of the month you have paid for.`,
        'You have 14 days from joining to change your mind: cancel in My Bookings for a refund of what you paid, less any visits used.',
      ]
    : [
        `Today you pay ${price} for a whole year.`,
        'It is paid once and does not renew by itself.',
        'You have 14 days from joining to change your mind: cancel in My Bookings for a refund of what you paid, less any visits used.',
      ];
}

const adminFrom: Record<AdminMembershipAction, MembershipStatus[]> = {
  pause: ['active', 'past_due'],
  resume: ['paused'],
  end: ['pending', 'active', 'past_due', 'paused', 'cancelled'],
};
/** The staff actions the server allows from a status (src/server/memberships/admin-memberships.ts). */
export const adminActionsFor = (status: MembershipStatus): AdminMembershipAction[] =>
  (Object.keys(adminFrom) as AdminMembershipAction[]).filter((a) => adminFrom[a].includes(status));
