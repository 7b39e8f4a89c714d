import type { MembershipPlan } from '../../shared/contracts/memberships';
import { OFF_PEAK } from '../../shared/day-types';

/** The key of the document in catalogue_documents: not stored until an admin first edits it. */
export const MEMBERSHIP_PLANS_KEY = 'membership_plans';

/** DECISIONS.md "Memberships": the two plans a venue starts with. */
export const defaultMembershipPlans: MembershipPlan[] = [
  {
    id: 'monthly-play-pass',
    name: 'Monthly Play Pass',
    description: 'One child plays on off-peak days, once a day, for a monthly payment.',
    pricePence: 2499,
    period: 'monthly',
    ticketTypeIds: ['child-1-12', 'child-0-1'],
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
    ticketTypeIds: ['child-1-12', 'child-0-1'],
    children: 3,
    bandIds: [],
    visitsPerDay: 1,
    adultsFree: true,
    active: true,
  },
];

/** The plans in force: the stored document's, or the two the product starts with. */
export function withMembershipPlanDefaults(stored: unknown): { plans: MembershipPlan[] } {
  const plans = (stored as { plans?: MembershipPlan[] } | null)?.plans;
  return { plans: plans ?? defaultMembershipPlans };
}
