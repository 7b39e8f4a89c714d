import type { Seller } from '../payments/sellers';
import { applyMembershipPayment } from './apply-membership-payment';
import { handleMembershipBillingEvent, membershipBillingEventTypes } from './billing-events';

/**
 * A membership's payments, as payments knows them (payments/sellers.ts): the first payment and TEST MODE
 * renewals through applyPaymentStatus, and Stripe Billing's invoice and subscription events (renewals
 * Stripe charged itself, failures, the end of a subscription) through `billingEvents`.
 */
export const membershipSeller: Seller = {
  name: 'membership',
  takingsKind: 'memberships',
  subjectOf: (payment) => payment.membershipId,
  applyStatus: async (tx, report) => ({
    result: await applyMembershipPayment(tx, {
      ...report,
      membershipId: report.subjectId,
      venue: report.catalogue.venue,
    }),
    refundPaymentId: null,
  }),
  billingEvents: { types: membershipBillingEventTypes, handle: handleMembershipBillingEvent },
};
