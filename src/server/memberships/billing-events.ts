import { eq } from 'drizzle-orm';
import { memberships, payments } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import type { BillingEventHandler } from '../payments/sellers';
import { extendMembership } from './apply-membership-payment';
import { renewalFailedMail } from './membership-mails';
import { lockMembership, RENEWAL_FAILED } from './membership-rows';
import { noticeUnpaidVisits, visitClock } from './unpaid-visits';

export const membershipBillingEventTypes = [
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.deleted',
] as const;

/**
 * Stripe Billing's events for a monthly membership (DECISIONS.md "Memberships"). The event names an invoice or
 * a subscription; what is applied is what Stripe says of it now (fetched again), to the membership that holds
 * that subscription, under its lock, once:
 * - invoice.paid for a renewal: a succeeded payment for the next period (one per period: a unique index),
 *   and the period extended to the invoice line's end. The first invoice is the join payment, confirmed
 *   through its PaymentIntent like any other (apply-membership-payment.ts), so it changes nothing here.
 * - invoice.payment_failed: past due, the family mailed (once per try); after Stripe's last try, paused, and
 *   the visits booked ahead on it listed with a deadline to pay (unpaid-visits.ts).
 * - customer.subscription.deleted: ended.
 */
export const handleMembershipBillingEvent: BillingEventHandler = async (deps, event) => {
  const { db, billing, now } = deps;
  if (event.type === 'customer.subscription.deleted') {
    const sub = await billing.retrieveSubscription(event.objectId);
    if (sub.status !== 'canceled') return 'unchanged';
    return db.transaction(async (tx) => {
      const m = await membershipOfSubscription(tx, sub.id);
      if (!m) return 'not_ours';
      if (m.status === 'ended') return 'unchanged';
      await tx
        .update(memberships)
        .set({
          status: 'ended',
          endedAt: now,
          statusReason: m.statusReason ?? 'subscription_ended',
          version: m.version + 1,
          updatedAt: now,
        })
        .where(eq(memberships.id, m.id));
      return 'updated';
    });
  }

  const invoice = await billing.retrieveInvoice(event.objectId);
  if (!invoice.subscriptionId) return 'not_ours';
  const { venue, clock } = await visitClock(db, now);
  return db.transaction(async (tx) => {
    const m = await membershipOfSubscription(tx, invoice.subscriptionId!);
    if (!m) return 'not_ours';
    if (event.type === 'invoice.paid') {
      if (invoice.status !== 'paid' || invoice.billingReason === 'subscription_create' || m.periodsPaid === 0)
        return 'unchanged';
      // Already recorded (a replay under another event id, or the same PaymentIntent): nothing more.
      if (invoice.paymentIntentId) {
        const [known] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.providerPaymentId, invoice.paymentIntentId));
        if (known) return 'unchanged';
      }
      if (invoice.periodEnd && m.currentPeriodEnd && invoice.periodEnd <= m.currentPeriodEnd) return 'unchanged';
      const period = m.periodsPaid + 1;
      const [paid] = await tx
        .insert(payments)
        .values({
          purpose: 'membership_renewal',
          membershipId: m.id,
          membershipPeriod: period,
          provider: 'stripe',
          providerPaymentId: invoice.paymentIntentId,
          amountPence: invoice.amountPaidPence,
          status: 'succeeded',
          paidAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: payments.id });
      if (!paid) return 'unchanged';
      await extendMembership(tx, m, {
        paymentId: paid.id,
        now,
        paidPence: invoice.amountPaidPence,
        periodEnd: invoice.periodEnd,
      });
      return 'updated';
    }

    // invoice.payment_failed. The first invoice failing is the family's card at joining: they may try again.
    if (invoice.billingReason === 'subscription_create' || m.periodsPaid === 0 || invoice.status === 'paid')
      return 'unchanged';
    if (m.status === 'ended' || m.status === 'paused') return 'unchanged';
    const attempt = Math.max(invoice.attemptCount, 1);
    if (m.renewalAttempts >= attempt) return 'unchanged';
    const last = invoice.nextPaymentAttempt === null;
    const [failed] = await tx
      .update(memberships)
      .set({
        status: last ? 'paused' : m.status === 'cancelled' ? 'cancelled' : 'past_due',
        statusReason: RENEWAL_FAILED,
        renewalAttempts: attempt,
        version: m.version + 1,
        updatedAt: now,
      })
      .where(eq(memberships.id, m.id))
      .returning();
    await enqueueMail(
      tx,
      renewalFailedMail(failed!, {
        venue,
        publicUrl: deps.publicUrl,
        attempt,
        nextTry: invoice.nextPaymentAttempt,
        period: m.periodsPaid + 1,
      }),
    );
    if (last && failed!.status === 'paused')
      await noticeUnpaidVisits(tx, failed!, { reason: 'paused', now, venue, clock, publicUrl: deps.publicUrl });
    return 'updated';
  });
};

async function membershipOfSubscription(tx: Parameters<typeof lockMembership>[0], subscriptionId: string) {
  const [row] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.providerSubscriptionId, subscriptionId));
  return row ? lockMembership(tx, row.id) : undefined;
}
