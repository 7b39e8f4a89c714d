import { addDays, addMonths, startOfLondonDay, todayInLondon } from './dates';
import type { Pence } from './money';

/** A membership plan as the catalogue stores it (contracts/memberships.ts validates an admin's edit of it). */
export type MembershipPlanDocument = {
  id: string;
  name: string;
  description: string;
  pricePence: Pence;
  period: 'monthly' | 'annual';
  ticketTypeIds: string[];
  children: number;
  /** Empty: every day. */
  bandIds: string[];
  visitsPerDay: number;
  adultsFree: boolean;
  active: boolean;
};

/** Grown-ups a plan with adults free pays for on one visit (DECISIONS.md is silent: two, a family's usual). */
export const FREE_ADULTS_PER_VISIT = 2;

/**
 * When a period that starts at `from` ends (DECISIONS.md "Memberships keep their money straight": periods are
 * London dates): at the start of the London day the same date `months` later, so a period that starts at 00:30
 * BST on 1 October covers the whole of October and ends at 00:00 on 1 November, London time (not at 23:30 GMT on
 * 30 October, as a month added to the UTC instant would). A day the month lacks becomes its last day (31 January
 * + 1 month: 28 February). Every period a membership is given (a join, a payment, a renewal) is computed here.
 */
export const periodEndAfter = (from: Date, months: number): Date =>
  startOfLondonDay(addMonths(todayInLondon(from), months));

/**
 * The first London date the period paid no longer covers: the date its end falls on (a period ends at the start of
 * a London day; one that ended during a day, from before periods were London dates, does not cover that day). The
 * kiosk, the booking's cover and the date shown all derive from it.
 */
export const firstDayAfterPeriod = (currentPeriodEnd: Date | string): string =>
  todayInLondon(new Date(currentPeriodEnd));

/**
 * The last London date the period paid covers: what mails, My Bookings and the Members tab show as its end
 * ("Ends on", "Runs until", "Paid until"), and the last day the kiosk and the booking page accept on it (a
 * renewal's date is firstDayAfterPeriod: the day the next period starts).
 */
export const lastDayPaid = (currentPeriodEnd: Date | string): string =>
  addDays(firstDayAfterPeriod(currentPeriodEnd), -1);

/**
 * The first London date a membership no longer pays for visits on (server/memberships/member-cover.ts prices
 * by it; the booking page's hint says so), or null when it pays for none. Inside the period paid, for an active,
 * past-due or cancelled one. An active monthly membership that will renew also pays, on trust of its renewal,
 * for visits in the next month, so a member can book across the renewal date: if that renewal is never paid
 * (paused after the last try) or the membership is cancelled, those visits are asked to be paid for or are
 * cancelled with notice (memberships/unpaid-visits.ts).
 */
export function coverEndsOn(m: {
  status: string;
  period: 'monthly' | 'annual';
  cancelAtPeriodEnd: boolean;
  /** The end of the period paid (an instant). */
  currentPeriodEnd: Date | string | null;
}): string | null {
  if (!m.currentPeriodEnd || !['active', 'past_due', 'cancelled'].includes(m.status)) return null;
  const end = firstDayAfterPeriod(m.currentPeriodEnd);
  return m.status === 'active' && m.period === 'monthly' && !m.cancelAtPeriodEnd ? addMonths(end, 1) : end;
}
