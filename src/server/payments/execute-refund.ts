import { and, eq } from 'drizzle-orm';
import { loadBookingDetails } from '../bookings/booking-details';
import { refundMail, refundTold } from '../bookings/booking-mails';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { payments } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { enqueuePartyRefundMail } from '../parties/party-refund-mail';
import type { PaymentDeps } from './payment-deps';

/**
 * Carries out a refund that a committed transaction decided (payments.refund_status = 'pending'):
 * the provider call happens outside any transaction, with an idempotency key per payment, so a crash
 * or a provider outage only delays it (the sweep calls this again) and can never refund twice.
 */
export async function executeDueRefund(
  opts: Pick<PaymentDeps, 'db' | 'provider'> & { paymentId: string; now: Date },
): Promise<boolean> {
  const { db, provider, paymentId, now } = opts;
  const [due] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.refundStatus, 'pending')));
  if (!due) return false;
  if (!due.providerPaymentId) throw new Error(`payment ${paymentId} has a refund due but no provider payment`);
  const { refundId } = await provider.refund({
    providerPaymentId: due.providerPaymentId,
    amountPence: due.refundPence,
    idempotencyKey: `refund:${due.id}`,
  });
  // Read before the transaction: the refund mail signs off with the venue as it is now.
  const { venue } = await publicCatalogue(db, now);
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.refundStatus, 'pending')))
      .for('update');
    if (!p) return false;
    await tx
      .update(payments)
      .set({ status: 'refunded', refundStatus: 'succeeded', refundId, updatedAt: now })
      .where(eq(payments.id, p.id));
    // A cancellation's refund was told in its cancellation mail: one mail per cancellation, not two.
    const details = p.bookingId && !refundTold(p) ? await loadBookingDetails(tx, p.bookingId) : null;
    if (details)
      await enqueueMail(
        tx,
        refundMail(details, { refundPence: p.refundPence, reason: p.refundReason ?? 'cancelled', venue }),
      );
    await enqueuePartyRefundMail(tx, p, venue);
    return true;
  });
}
