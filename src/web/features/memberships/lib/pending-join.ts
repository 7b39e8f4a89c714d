import type { JoinMembershipResponse } from '../../../../shared/contracts/memberships';
import type { PublicPlan } from '../../../lib/membership-text';

/** What the payment step needs: the server's answer and what the family chose. */
export type PendingJoin = JoinMembershipResponse & { plan: PublicPlan; childNames: string[]; email: string };
