import { lockAndAdvancePayment, recordRefundAtProvider } from '../payments/advance-payment';
import type { Seller } from '../payments/sellers';

/**
 * A counter till sale paid by card, as payments knows it (payments/sellers.ts). Its payment row is written
 * already succeeded by markTillSaleCardResult (./card-result: the card was present, the reader said paid),
 * so a provider report can only move it on to refunded (a refund made in Stripe's dashboard). Late money is
 * refunded by markTillSaleCardResult itself. Its takings count by what each line sold (entry, cafe, shop:
 * migration 0044's till triggers), not by payment, so its payments are `not_takings` here.
 */
export const tillSeller: Seller = {
  name: 'till',
  takingsKind: 'not_takings',
  subjectOf: (payment) => payment.tillSaleId,
  applyStatus: async (tx, report) => {
    const locked = await lockAndAdvancePayment(tx, report);
    if (!locked) return { result: { outcome: 'unknown_payment' }, refundPaymentId: null };
    const { payment, next } = locked;
    if (next === 'refunded') await recordRefundAtProvider(tx, payment, report.now);
    return {
      result: { outcome: next ? 'updated' : 'unchanged', paymentStatus: next ?? payment.status, bookingStatus: null },
      refundPaymentId: null,
    };
  },
};
