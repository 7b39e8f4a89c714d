import { and, eq } from 'drizzle-orm';
import { recordPaymentRefundVat } from '../accounts/vat-ledger';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { payments } from '../db/schema';
import type { PaymentDeps } from './payment-deps';

/**
 * Carries out a refund that a committed transaction decided (payments.refund_status = 'pending'):
 * the provider call happens outside any transaction, with an idempotency key per payment, so a crash
 * or a provider outage only delays it (the sweep calls this again) and can never refund twice.
 */
export async function executeDueRefund(
  opts: Pick<PaymentDeps, 'db' | 'provider' | 'sellers'> & { paymentId: string; now: Date },
): Promise<boolean> {
  const { db, provider, sellers, paymentId, now } = opts;
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
    await recordPaymentRefundVat(tx, p, p.refundPence, now);
    // The seller tells the family, unless its cancellation mail already has.
    await sellers.sellerOf(p)?.seller.refundCarriedOut?.(tx, p, venue);
    return true;
  });
}
