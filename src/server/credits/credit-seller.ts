import type { Seller } from '../payments/sellers';
import { applyCreditPurchasePayment } from './apply-purchase-payment';

/** A bundle of session credits, as payments knows it (payments/sellers.ts). */
export const creditPurchaseSeller: Seller = {
  name: 'credit_purchase',
  takingsKind: 'credit_bundles',
  subjectOf: (payment) => payment.creditPurchaseId,
  applyStatus: async (tx, report) => ({
    result: await applyCreditPurchasePayment(tx, {
      ...report,
      purchaseId: report.subjectId,
      venue: report.catalogue.venue,
    }),
    refundPaymentId: null,
  }),
};
