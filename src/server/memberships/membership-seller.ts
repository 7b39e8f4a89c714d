import { eq } from 'drizzle-orm';
import { memberships } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import type { Seller } from '../payments/sellers';
import { applyMembershipPayment } from './apply-membership-payment';
import { handleMembershipBillingEvent, membershipBillingEventTypes } from './billing-events';
import { lateMoneyRefundMail } from './membership-mails';

/**
 * A membership's payments, as payments knows them (payments/sellers.ts): the first payment and TEST MODE
 * renewals through applyPaymentStatus, and Stripe Billing's invoice and subscription events (renewals
 * Stripe charged itself, failures, the end of a subscription) through `billingEvents`.
 */
export const membershipSeller: Seller = {
  name: 'membership',
  takingsKind: 'memberships',
  subjectOf: (payment) => payment.membershipId,
  applyStatus: (tx, report) =>
    applyMembershipPayment(tx, {
      ...report,
      membershipId: report.subjectId,
      venue: report.catalogue.venue,
    }),
  // Money that came for a membership that could not start or run, now back with the family: the mail says why.
  // A cooling-off refund ('cancelled') was told in its own mail.
  refundCarriedOut: async (tx, payment, venue) => {
    if (!payment.membershipId || payment.refundReason !== 'late_payment') return;
    const [m] = await tx.select().from(memberships).where(eq(memberships.id, payment.membershipId));
    // An erased family's address is a placeholder: the refund goes back to the card, no mail goes anywhere.
    if (m && !m.email.endsWith('@invalid'))
      await enqueueMail(tx, lateMoneyRefundMail(m, { venue, paymentId: payment.id, refundPence: payment.refundPence }));
  },
  billingEvents: { types: membershipBillingEventTypes, handle: handleMembershipBillingEvent },
};
