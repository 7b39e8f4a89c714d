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
