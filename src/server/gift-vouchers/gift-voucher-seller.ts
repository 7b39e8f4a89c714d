import { eq } from 'drizzle-orm';
import { giftVouchers } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import type { Seller } from '../payments/sellers';
import { applyGiftVoucherPayment, erasedAddress } from './apply-voucher-payment';
import { giftVoucherRefundMail } from './gift-voucher-mails';

/**
 * A gift voucher bought online, as payments knows it (payments/sellers.ts). Its money is not takings when
 * sold: it counts when the voucher is spent on tickets or a party (DECISIONS.md).
 */
export const giftVoucherSeller: Seller = {
  name: 'gift_voucher',
  takingsKind: 'not_takings',
  subjectOf: (payment) => payment.giftVoucherId,
  applyStatus: (tx, report) =>
    applyGiftVoucherPayment(tx, {
      ...report,
      voucherId: report.subjectId,
      venue: report.catalogue.venue,
    }),
  // Late money for a voucher that could not be given: the buyer is told, unless their own address was erased.
  refundCarriedOut: async (tx, payment, venue) => {
    if (!payment.giftVoucherId || payment.refundReason !== 'late_payment') return;
    const [v] = await tx.select().from(giftVouchers).where(eq(giftVouchers.id, payment.giftVoucherId));
    if (v && !erasedAddress(v.buyerEmail))
      await enqueueMail(
        tx,
        giftVoucherRefundMail(v, { refundPence: payment.refundPence, paymentId: payment.id, venue }),
      );
  },
};
