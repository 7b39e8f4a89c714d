import { addMonths, todayInLondon } from './dates';
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
  const end = todayInLondon(new Date(m.currentPeriodEnd));
  return m.status === 'active' && m.period === 'monthly' && !m.cancelAtPeriodEnd ? addMonths(end, 1) : end;
}
