import type { MembershipPlan } from '../../shared/contracts/memberships';
import { suggestedTypesOf } from '../../shared/child-tickets';
import { OFF_PEAK } from '../../shared/day-types';

/** The key of the document in catalogue_documents: not stored until an admin first edits it. */
export const MEMBERSHIP_PLANS_KEY = 'membership_plans';

/**
 * DECISIONS.md "Memberships": the two plans a venue starts with, covering the catalogue's children's tickets
 * (`childTicketTypeIds`: the types a child is suggested by age, shared/child-tickets.ts), so no ticket id is
 * written here and a venue that renamed its child tickets before saving its plans sells plans that cover them.
 */
export const defaultMembershipPlans = (childTicketTypeIds: string[]): MembershipPlan[] => [
  {
    id: 'monthly-play-pass',
    name: 'Monthly Play Pass',
    description: 'One child plays on off-peak days, once a day, for a monthly payment.',
    pricePence: 2499,
    period: 'monthly',
    ticketTypeIds: childTicketTypeIds,
    children: 1,
    bandIds: [OFF_PEAK],
    visitsPerDay: 1,
    adultsFree: false,
    active: true,
  },
  {
    id: 'annual-family-pass',
    name: 'Annual Family Pass',
    description: 'Up to three children play any day for a year, once a day; their grown-ups come free.',
    pricePence: 19900,
    period: 'annual',
    ticketTypeIds: childTicketTypeIds,
    children: 3,
    bandIds: [],
    visitsPerDay: 1,
    adultsFree: true,
    active: true,
  },
];

/** The plans in force: the stored document's, or the two the product starts with. */
export function withMembershipPlanDefaults(stored: unknown, childTicketTypeIds: string[]): { plans: MembershipPlan[] } {
  const plans = (stored as { plans?: MembershipPlan[] } | null)?.plans;
  return { plans: plans ?? defaultMembershipPlans(childTicketTypeIds) };
}

/**
 * The child ticket types of a catalogue's types (on sale, suggested by age) that the default plans cover, the older
 * ages first: a booking's cover takes the first of a plan's types the order has (the child ticket before the baby's).
 */
export const childTicketTypeIdsOf = (
  types: readonly { id: string; isChild: boolean; active: boolean; ageFrom: number | null; ageTo: number | null }[],
): string[] =>
  suggestedTypesOf(types.filter((t) => t.active))
    .sort((a, b) => b.ageFrom! - a.ageFrom!)
    .map((t) => t.id);
