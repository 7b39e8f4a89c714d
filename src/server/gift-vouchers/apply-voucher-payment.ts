import { eq } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { giftVouchers } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { lockAndAdvancePayment, recordRefundAtProvider, refundLatePayment } from '../payments/advance-payment';
import type { ApplyPaymentResult, IncomingPaymentStatus } from '../payments/payment-transitions';
import { printToken, printUrl } from './gift-voucher-code';
import { giftVoucherReceiptMail } from './gift-voucher-mails';
import { sendRecipientMail } from './send-recipient-mail';
import { appendVoucherEntry, lockVoucher, voidVoucher, type GiftVoucherRow } from './voucher-ledger';

/**
 * applyPaymentStatus's branch for a payment that buys a gift voucher, inside its transaction. Locks the
 * voucher then the payment (as bookings do), moves the payment only forward, and activates the voucher
 * when it first succeeds: the purchase entry (one per voucher, a unique index), the buyer's receipt, and
 * the recipient's mail at once if it is due today (else the send job sends it on its day). A repeated,
 * late or out-of-order report finds the voucher active and changes nothing.
 */
export async function applyGiftVoucherPayment(
  tx: Db,
  o: {
    paymentId: string;
    voucherId: string;
    status: IncomingPaymentStatus;
    now: Date;
    publicUrl: string;
    secret: string;
    venue: VenueView;
  },
): Promise<{ result: ApplyPaymentResult; refundPaymentId: string | null }> {
  const { now } = o;
  const unknown = { result: { outcome: 'unknown_payment' as const }, refundPaymentId: null };
  const voucher = await lockVoucher(tx, o.voucherId);
  if (!voucher) return unknown;
  const locked = await lockAndAdvancePayment(tx, o);
  if (!locked) return unknown;
  const { payment, next } = locked;
  if (!next)
    return {
      result: { outcome: 'unchanged', paymentStatus: payment.status, bookingStatus: null },
      refundPaymentId: null,
    };
  const updated: ApplyPaymentResult = { outcome: 'updated', paymentStatus: next, bookingStatus: null };

  if (
    next === 'succeeded' &&
    (voucher.status === 'void' || (voucher.status === 'pending_payment' && erased(voucher)))
  ) {
    // Money for a voucher that can no longer be given (DECISIONS.md "Memberships keep their money straight":
    // every seller): its buyer's or recipient's details were erased while it waited (an erasure, or kept past
    // retention), so there is no one to send it to; or it was voided. All of it goes back, after commit.
    if (payment.refundStatus) return { result: updated, refundPaymentId: null };
    await refundLatePayment(tx, payment, 'late_payment');
    return { result: { ...updated, bookingStatus: 'refunded' }, refundPaymentId: payment.id };
  }
  if (next === 'succeeded' && voucher.status === 'pending_payment') {
    await tx
      .update(giftVouchers)
      .set({ status: 'active', paidAt: now, updatedAt: now })
      .where(eq(giftVouchers.id, voucher.id));
    await appendVoucherEntry(tx, {
      voucherId: voucher.id,
      kind: 'purchase',
      amountPence: voucher.initialPence,
      balanceAfterPence: voucher.balancePence,
      actor: 'buyer',
    });
    const today = todayInLondon(now);
    const active = { ...voucher, status: 'active' as const, paidAt: now };
    await enqueueMail(
      tx,
      giftVoucherReceiptMail(active, {
        printUrl: printUrl(o.publicUrl, printToken(o.secret, voucher.id, 'buyer')),
        venue: o.venue,
        today,
      }),
    );
    if (voucher.sendOn <= today && !voucher.sentAt) await sendRecipientMail(tx, active, { ...o, now });
  } else if (next === 'refunded') {
    // Refunded at the provider (staff, in Stripe's dashboard): the voucher dies with what is left on it.
    // A voucher reissued under a new code lives on as that one: the refund kills the code in use.
    const live = await liveVoucherOf(tx, voucher);
    const reason = 'Payment refunded';
    if (live) await voidVoucher(tx, live, { kind: 'void', voidReason: reason, actor: 'system', reason, now });
    await recordRefundAtProvider(tx, payment, now);
  }
  // Failed and cancelled payments leave the voucher waiting for payment: it never becomes usable.
  return { result: updated, refundPaymentId: null };
}

/** An address replaced by erasure or retention's placeholder. */
export const erasedAddress = (email: string) => /^erased\+.*@invalid$/.test(email);
const erased = (v: GiftVoucherRow) => erasedAddress(v.buyerEmail) || erasedAddress(v.recipientEmail);

/** The active voucher a purchase lives on as: itself, or the last of its reissues; undefined when none is. */
async function liveVoucherOf(tx: Db, bought: GiftVoucherRow): Promise<GiftVoucherRow | undefined> {
  let v: GiftVoucherRow | undefined = bought;
  // Reissues form a chain (each old code names its new one); a bound, not trust, ends the walk.
  for (let hops = 0; v && v.status === 'void' && v.reissuedTo && hops < 20; hops++)
    v = await lockVoucher(tx, v.reissuedTo);
  return v?.status === 'active' ? v : undefined;
}
