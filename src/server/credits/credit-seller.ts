import { eq } from 'drizzle-orm';
import { creditPurchases } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import type { Seller } from '../payments/sellers';
import { creditRefundMail } from './credit-mails';
import { applyCreditPurchasePayment } from './apply-purchase-payment';

/** A bundle of session credits, as payments knows it (payments/sellers.ts). */
export const creditPurchaseSeller: Seller = {
  name: 'credit_purchase',
  takingsKind: 'credit_bundles',
  subjectOf: (payment) => payment.creditPurchaseId,
  applyStatus: (tx, report) =>
    applyCreditPurchasePayment(tx, {
      ...report,
      purchaseId: report.subjectId,
      venue: report.catalogue.venue,
    }),
  // Late money for a bundle that could not be given: the buyer is told, unless their address was erased.
  refundCarriedOut: async (tx, payment, venue) => {
    if (!payment.creditPurchaseId || payment.refundReason !== 'late_payment') return;
    const [purchase] = await tx.select().from(creditPurchases).where(eq(creditPurchases.id, payment.creditPurchaseId));
    if (purchase && !purchase.anonymisedAt)
      await enqueueMail(
        tx,
        creditRefundMail(purchase, { refundPence: payment.refundPence, paymentId: payment.id, venue }),
      );
  },
};
