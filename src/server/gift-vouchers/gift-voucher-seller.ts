import type { Seller } from '../payments/sellers';
import { applyGiftVoucherPayment } from './apply-voucher-payment';

/**
 * A gift voucher bought online, as payments knows it (payments/sellers.ts). Its money is not takings when
 * sold: it counts when the voucher is spent on tickets or a party (DECISIONS.md).
 */
export const giftVoucherSeller: Seller = {
  name: 'gift_voucher',
  takingsKind: 'not_takings',
  subjectOf: (payment) => payment.giftVoucherId,
  applyStatus: async (tx, report) => ({
    result: await applyGiftVoucherPayment(tx, {
      ...report,
      voucherId: report.subjectId,
      venue: report.catalogue.venue,
    }),
    refundPaymentId: null,
  }),
};
