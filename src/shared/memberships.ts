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
