import { eq } from 'drizzle-orm';
import { catalogueOf, publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import { transactionWithLockTimeout } from '../http/with-lock-timeout';
import { paymentReports } from '../observability/metrics';
import { getAppSecret } from '../security/app-secret';
import { lockAndAdvancePayment } from './advance-payment';
import { executeDueRefund } from './execute-refund';
import type { PaymentDeps } from './payment-deps';
import type { ApplyPaymentResult, IncomingPaymentStatus } from './payment-transitions';
import type { PaymentDetails } from './provider';

/**
 * THE one place a payment's state changes what it buys: the test provider's card form, the Stripe webhook
 * (after re-fetching the PaymentIntent) and the sweep all call this with the provider's current status,
 * and it hands the report to the seller the payment belongs to (sellers.ts), which locks its subject then
 * the payment and acts once. Idempotent and order-proof: repeated or stale reports change nothing
 * (payment-transitions.ts). A refund a seller decides is carried out after commit (the sweep retries).
 */
export async function applyPaymentStatus(
  opts: PaymentDeps & {
    providerPaymentId: string;
    status: IncomingPaymentStatus;
    now: Date;
    /** How it was paid and its receipt, when the provider reported them (the Stripe webhook and the sweep). */
    details?: PaymentDetails;
  },
): Promise<ApplyPaymentResult> {
  const { db, now } = opts;
  const secret = await getAppSecret(db);
  // The venue's facts for any mail this report sends, read before the transaction (an edit shows in the next mail).
  const catalogue = await publicCatalogue(db, now);
  const adminCatalogue = await catalogueOf(db); // a party payment's rooms and names
  let refundPaymentId: string | null = null;
  let cancelSubscriptionId: string | null = null;

  const result = await transactionWithLockTimeout(db, async (tx): Promise<ApplyPaymentResult> => {
    const [found] = await tx.select().from(payments).where(eq(payments.providerPaymentId, opts.providerPaymentId));
    if (!found) return { outcome: 'unknown_payment' };
    // The payment's details are written once its subject and the payment are locked, in the order every
    // other writer takes them (cancellations lock the booking, then its payment), so the two cannot deadlock.
    const owner = opts.sellers.sellerOf(found);
    if (owner) {
      const applied = await owner.seller.applyStatus(tx, {
        paymentId: found.id,
        subjectId: owner.subjectId,
        status: opts.status,
        now,
        publicUrl: opts.publicUrl,
        secret,
        catalogue,
        adminCatalogue,
      });
      await recordPaymentDetails(tx, found, opts.details);
      refundPaymentId = applied.refundPaymentId;
      cancelSubscriptionId = applied.cancelSubscriptionId ?? null;
      return applied.result;
    }
    // A payment no seller claims buys nothing we know: only its status moves.
    const locked = await lockAndAdvancePayment(tx, { paymentId: found.id, status: opts.status, now });
    if (!locked) return { outcome: 'unknown_payment' };
    await recordPaymentDetails(tx, found, opts.details);
    const { payment, next } = locked;
    return { outcome: next ? 'updated' : 'unchanged', paymentStatus: next ?? payment.status, bookingStatus: null };
  });

  if (refundPaymentId)
    await executeDueRefund({ ...opts, paymentId: refundPaymentId, now }).catch((err) =>
      opts.log?.warn({ err, paymentId: refundPaymentId }, 'automatic refund failed; the sweep will retry'),
    );
  if (cancelSubscriptionId)
    await opts.provider.billing
      ?.cancelSubscription(cancelSubscriptionId, { atPeriodEnd: false })
      .catch((err) =>
        opts.log?.warn(
          { err, subscriptionId: cancelSubscriptionId },
          'subscription not cancelled; its next event will',
        ),
      );
  // Counted once it is committed: what the payment became, or why the report changed nothing.
  paymentReports.inc({ outcome: result.outcome === 'updated' ? result.paymentStatus : result.outcome });
  return result;
}

/**
 * Keeps what the provider last said about how the payment was paid and its receipt, whatever the status
 * did (a report that changes no status may still be the first to carry them). A value the provider no
 * longer reports is kept rather than wiped; an unchanged pair writes nothing.
 */
async function recordPaymentDetails(
  tx: Db,
  current: { id: string; paymentMethodType: string | null; receiptUrl: string | null },
  details: PaymentDetails | undefined,
): Promise<void> {
  if (!details) return;
  const methodType = details.methodType ?? current.paymentMethodType;
  const receiptUrl = details.receiptUrl ?? current.receiptUrl;
  if (methodType === current.paymentMethodType && receiptUrl === current.receiptUrl) return;
  await tx.update(payments).set({ paymentMethodType: methodType, receiptUrl }).where(eq(payments.id, current.id));
}
