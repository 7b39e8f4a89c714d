import { eq } from 'drizzle-orm';
import { recordPaymentVat } from '../accounts/vat-ledger';
import { memberships, payments } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import type { BillingEventHandler } from '../payments/sellers';
import { extendMembership } from './apply-membership-payment';
import type { Db } from '../db/client';
import { endAtPeriodEnd } from './end-at-period-end';
import { renewalFailedMail, renewsAgainMail } from './membership-mails';
import { isExpiredJoin, lockMembership, RENEWAL_FAILED } from './membership-rows';
import { noticeUnpaidVisits, visitClock } from './unpaid-visits';

export const membershipBillingEventTypes = [
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
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
 * - customer.subscription.updated / .deleted: whatever was done in Stripe's own screens (the Billing Portal's
 *   cancel, the Dashboard) takes our own path (DECISIONS.md "Memberships keep their money straight"):
 *   cancel_at_period_end set, or the subscription deleted while its period paid runs, is our family's cancel
 *   (end-at-period-end.ts: cancelled, the mail, the visits after the end noticed); unset again, it renews again.
 *   Deleted once the period is over (or after our own cancel): ended.
 * - Any of them for a membership that cannot start or run any more (ended: its money went back) whose
 *   subscription is still live: the subscription is cancelled, so no two live subscriptions cover one child
 *   (the payment's own path cancels it first: apply-membership-payment.ts; this is the retry). A join that
 *   only expired is left to its PaymentIntent's event, which starts it if its children are still free.
 */
export const handleMembershipBillingEvent: BillingEventHandler = async (deps, event) => {
  const { db, billing, now } = deps;
  if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    const sub = await billing.retrieveSubscription(event.objectId);
    const found = await membershipOfSubscription(db, sub.id);
    if (!found) return 'not_ours';
    if (found.status === 'ended' && !isExpiredJoin(found) && !['canceled', 'incomplete_expired'].includes(sub.status)) {
      await billing.cancelSubscription(sub.id, { atPeriodEnd: false });
      return 'updated';
    }
    const { venue, clock } = await visitClock(db, now);
    return db.transaction(async (tx) => {
      const m = await lockMembership(tx, found.id);
      if (!m || m.status === 'ended' || m.status === 'pending') return 'unchanged';
      const periodOver = !m.currentPeriodEnd || m.currentPeriodEnd <= now;
      if (sub.status === 'canceled' && (m.status === 'cancelled' || periodOver)) {
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
      }
      const ending = sub.status === 'canceled' || sub.cancelAtPeriodEnd;
      if (ending)
        return (await endAtPeriodEnd(tx, m, { now, venue, clock, publicUrl: deps.publicUrl }))
          ? 'updated'
          : 'unchanged';
      // The end at the period's end was taken back (in the Billing Portal): it renews again.
      if (!m.cancelAtPeriodEnd) return 'unchanged';
      await tx
        .update(memberships)
        .set({
          cancelAtPeriodEnd: false,
          ...(m.status === 'cancelled'
            ? { status: m.renewalAttempts > 0 ? 'past_due' : 'active', statusReason: null }
            : {}),
          version: m.version + 1,
          updatedAt: now,
        })
        .where(eq(memberships.id, m.id));
      await enqueueMail(tx, renewsAgainMail(m, { venue }));
      return 'updated';
    });
  }

  const invoice = await billing.retrieveInvoice(event.objectId);
  if (!invoice.subscriptionId) return 'not_ours';
  // Paid for a membership that could not start (its money goes back through the PaymentIntent's own event):
  // the subscription is cancelled, so it never renews.
  const owner = await membershipOfSubscription(db, invoice.subscriptionId);
  if (owner?.status === 'ended' && !isExpiredJoin(owner) && event.type === 'invoice.paid') {
    await billing.cancelSubscription(invoice.subscriptionId, { atPeriodEnd: false });
    return 'updated';
  }
  const { venue, clock } = await visitClock(db, now);
  return db.transaction(async (tx) => {
    const found = await membershipOfSubscription(tx, invoice.subscriptionId!);
    const m = found && (await lockMembership(tx, found.id));
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
      const [paidRow] = await tx.select().from(payments).where(eq(payments.id, paid.id));
      await recordPaymentVat(tx, paidRow!, now);
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
        ...(last ? { pausedAt: now } : {}),
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

async function membershipOfSubscription(db: Db, subscriptionId: string) {
  const [row] = await db.select().from(memberships).where(eq(memberships.providerSubscriptionId, subscriptionId));
  return row;
}
