import type { JoinMembershipResponse } from '../../../../shared/contracts/memberships';
import type { PublicPlan } from '../../../lib/membership-text';

/** What the payment step needs: the server's answer and what the family chose. */
export type PendingJoin = JoinMembershipResponse & {
  plan: PublicPlan;
  childIds: string[];
  childNames: string[];
  email: string;
};

/**
 * Back from the payment and on again with the same plan, children and address: the payment already started
 * is used again, rather than a second membership left waiting for payment.
 */
export const sameJoin = (p: PendingJoin | null, planId: string, childIds: string[], email: string): boolean =>
  !!p &&
  p.plan.id === planId &&
  p.email === email &&
  p.childIds.length === childIds.length &&
  childIds.every((id) => p.childIds.includes(id));
