import { eq } from 'drizzle-orm';
import { recordPaymentRefundVat, recordPaymentVat } from '../accounts/vat-ledger';
import type { Db } from '../db/client';
import { payments, type PaymentStatus } from '../db/schema';
import { nextPaymentStatus, type IncomingPaymentStatus } from './payment-transitions';

type PaymentRow = typeof payments.$inferSelect;

/**
 * The step every branch of applyPaymentStatus takes once the payment's subject (booking, party, voucher,
 * credit purchase) is locked: lock the payment, and move its status only forward. `next` is null when the
 * report is stale or repeated (nothing written); `payment` is the row as it was before.
 */
export async function lockAndAdvancePayment(
  tx: Db,
  o: { paymentId: string; status: IncomingPaymentStatus; now: Date },
): Promise<{ payment: PaymentRow; next: PaymentStatus | null } | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, o.paymentId)).for('update');
  if (!payment) return null;
  const next = nextPaymentStatus(payment.status, o.status);
  if (next)
    await tx
      .update(payments)
      // paid_at: when the money arrived, the day it counts in the Overview's takings (parties: migration 0031).
      .set({ status: next, updatedAt: o.now, lastCheckedAt: o.now, ...(next === 'succeeded' ? { paidAt: o.now } : {}) })
      .where(eq(payments.id, payment.id));
  // The tax point (issue 50): the VAT ledger's line for the money taken.
  if (next === 'succeeded') await recordPaymentVat(tx, payment, o.now);
  return { payment, next };
}

/**
 * A refund made at the provider (staff in Stripe's dashboard, or ours confirmed by webhook), written on the
 * payment: all of it unless a smaller refund was already decided. False when it was already recorded.
 */
export async function recordRefundAtProvider(tx: Db, payment: PaymentRow, now: Date): Promise<boolean> {
  if (payment.refundStatus === 'succeeded') return false;
  await tx
    .update(payments)
    .set({
      refundStatus: 'succeeded',
      refundPence: payment.refundPence || payment.amountPence,
      refundReason: payment.refundReason ?? 'provider_refund',
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id));
  await recordPaymentRefundVat(tx, payment, payment.refundPence || payment.amountPence, now);
  return true;
}

/**
 * Money that arrived for something we no longer honour: all of it goes back (the sweep retries). The
 * reason is what the refund mail tells the family: too late (the hold ran out), or cancelled meanwhile.
 */
export async function refundLatePayment(
  tx: Db,
  payment: PaymentRow,
  reason: 'late_payment' | 'cancelled' = 'late_payment',
): Promise<void> {
  await tx
    .update(payments)
    .set({ refundStatus: 'pending', refundPence: payment.amountPence, refundReason: reason })
    .where(eq(payments.id, payment.id));
}
