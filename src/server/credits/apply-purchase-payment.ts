import { eq, sql } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { creditPurchases } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { lockAndAdvancePayment, recordRefundAtProvider, refundLatePayment } from '../payments/advance-payment';
import type { ApplyPaymentResult, IncomingPaymentStatus } from '../payments/payment-transitions';
import { appendCreditEntry, creditBalance, ensureCreditAccount, lockCreditAccount } from './credit-ledger';
import { creditsPurchasedMail } from './credit-mails';

/**
 * applyPaymentStatus's branch for a payment that buys credits, inside its transaction. Locks the
 * purchase then the payment (as bookings do), moves the payment only forward, and grants the credits
 * when it first succeeds: a repeated, late or out-of-order report finds the purchase paid (and the
 * ledger's one-grant-per-purchase index agrees), so the credits are granted exactly once.
 */
export async function applyCreditPurchasePayment(
  tx: Db,
  o: {
    paymentId: string;
    purchaseId: string;
    status: IncomingPaymentStatus;
    now: Date;
    publicUrl: string;
    /** The catalogue's venue, read before the transaction: the mail signs off with it. */
    venue: VenueView;
  },
): Promise<{ result: ApplyPaymentResult; refundPaymentId: string | null }> {
  const { now } = o;
  const [purchase] = await tx.select().from(creditPurchases).where(eq(creditPurchases.id, o.purchaseId)).for('update');
  const unknown = { result: { outcome: 'unknown_payment' as const }, refundPaymentId: null };
  if (!purchase) return unknown;
  const locked = await lockAndAdvancePayment(tx, o);
  if (!locked) return unknown;
  const { payment, next } = locked;
  if (!next)
    return {
      result: { outcome: 'unchanged', paymentStatus: payment.status, bookingStatus: null },
      refundPaymentId: null,
    };
  const updated: ApplyPaymentResult = { outcome: 'updated', paymentStatus: next, bookingStatus: null };
  const setStatus = (status: typeof purchase.status, extra: Partial<typeof purchase> = {}) =>
    tx
      .update(creditPurchases)
      .set({ status, updatedAt: now, ...extra })
      .where(eq(creditPurchases.id, purchase.id));

  if (
    next === 'succeeded' &&
    (purchase.anonymisedAt || purchase.status === 'canceled' || purchase.status === 'refunded')
  ) {
    // Money for a bundle that can no longer be given (DECISIONS.md "Memberships keep their money straight": every
    // seller): the buyer's details were erased (or kept past retention) while it waited, so there is no account
    // to put the credits in; or it was cancelled. All of it goes back (after commit; the sweep retries).
    if (purchase.status !== 'refunded') await setStatus('refunded');
    if (payment.refundStatus) return { result: updated, refundPaymentId: null };
    await refundLatePayment(tx, payment, 'late_payment');
    return { result: { ...updated, bookingStatus: 'refunded' }, refundPaymentId: payment.id };
  }
  if (next === 'succeeded' && (purchase.status === 'pending' || purchase.status === 'failed')) {
    await ensureCreditAccount(tx, purchase.email);
    await tx.execute(sql`
      insert into credit_ledger (email, kind, credits, purchase_id)
      values (${purchase.email}, 'grant', ${purchase.credits}, ${purchase.id})
      on conflict (purchase_id) where kind = 'grant' do nothing`);
    await setStatus('paid', { paidAt: now });
    const { available } = await creditBalance(tx, purchase.email);
    await enqueueMail(tx, creditsPurchasedMail(purchase, available, `${o.publicUrl}/booking`, o.venue));
  } else if (next === 'failed' && purchase.status === 'pending') {
    await setStatus('failed'); // the family may try another card on the same payment
  } else if (next === 'canceled' && (purchase.status === 'pending' || purchase.status === 'failed')) {
    await setStatus('canceled');
  } else if (next === 'refunded' && purchase.status === 'paid') {
    // Refunded at the provider (staff, in Stripe's dashboard): take back what is left of the bundle. Credits
    // already spent on visits stay spent, and the balance never goes below zero.
    await lockCreditAccount(tx, purchase.email);
    const { available } = await creditBalance(tx, purchase.email);
    const revoke = Math.min(purchase.credits, available);
    if (revoke > 0)
      await appendCreditEntry(tx, { email: purchase.email, kind: 'revoke', credits: revoke, purchaseId: purchase.id });
    await setStatus('refunded');
    await recordRefundAtProvider(tx, payment, now);
  }
  return { result: updated, refundPaymentId: null };
}
