import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { memberships, payments } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { applyPaymentStatus } from '../payments/apply-payment-status';
import type { PaymentDeps } from '../payments/payment-deps';
import { expirePendingJoins } from './join-expiry';
import { renewalFailedMail, unpaidEndedMail } from './membership-mails';
import { addDaysTo, lockMembership, memberNumberText, RENEWAL_FAILED, type MembershipRow } from './membership-rows';
import { noticeUnpaidVisits, settleUnpaidVisits, visitClock } from './unpaid-visits';

/**
 * DECISIONS.md: a failed renewal is retried 3 times over 7 days, with a mail each time, then the membership
 * pauses. The first try is at the period's end; the retries 1, 3 and 7 days after it.
 */
export const RETRY_DAYS_AFTER_PERIOD_END = [1, 3, 7] as const;
const TRIES = RETRY_DAYS_AFTER_PERIOD_END.length + 1;

export type RenewalRun = {
  renewed: number;
  failed: number;
  ended: number;
  /** Joins whose 15 minutes passed unpaid (join-expiry.ts). */
  joinsExpired: number;
  /** Paused for a failed renewal and not paid within UNPAID_PAUSE_DAYS: ended. */
  unpaidEnded: number;
  /** Visits paid for on trust whose deadline passed (unpaid-visits.ts): kept (paid meanwhile) or cancelled. */
  visitsKept: number;
  visitsCancelled: number;
};

/**
 * One pass of the membership job, on the app's clock (a test moves it), safe with several processes:
 * 1. Ends what is due to end: a cancelled membership or an annual pass past its period (Stripe's own
 *    monthly subscriptions end by their webhook, but a cancelled one ends here on time too); joins whose 15
 *    minutes passed unpaid (join-expiry.ts); and a membership paused for a failed renewal and not paid within
 *    60 days (mailed; a Stripe subscription cancelled first), so retention can anonymise it in time. An admin's
 *    pause is the admin's to end. A paused membership is never charged (TEST MODE: only active and past due
 *    ones are due below; Stripe: collection is paused by the admin's pause, or Stripe's retries are over).
 * 2. Visits paid for on trust of a renewal that never came, whose deadline passed: kept or cancelled
 *    (unpaid-visits.ts), with Stripe too.
 * 3. TEST MODE monthly renewals: charges the card the last period was paid with, once per period (the
 *    payment row per period is unique, the provider's key is the period's), and a failed try is counted,
 *    mailed and retried on the schedule above; after the last, paused, and the visits booked ahead
 *    on it listed to the family with a deadline to pay. With Stripe, Stripe renews.
 */
export async function runMembershipRenewals(deps: PaymentDeps & { now: Date; batch?: number }): Promise<RenewalRun> {
  const { db, now } = deps;
  const batch = deps.batch ?? 50;
  const ended = await endDueMemberships(deps);
  const joinsExpired = await expirePendingJoins(deps);
  const unpaidEnded = await endUnpaidPauses(deps);
  const { kept: visitsKept, cancelled: visitsCancelled } = await settleUnpaidVisits(deps);
  const run = { ended, joinsExpired, unpaidEnded, visitsKept, visitsCancelled };
  if (!deps.provider.chargeSavedCard) return { renewed: 0, failed: 0, ...run };

  const due = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.provider, 'test'),
        eq(memberships.period, 'monthly'),
        inArray(memberships.status, ['active', 'past_due']),
        eq(memberships.cancelAtPeriodEnd, false),
        lte(sql`coalesce(${memberships.nextRenewalAttemptAt}, ${memberships.currentPeriodEnd})`, now),
      ),
    )
    .limit(batch);
  let renewed = 0;
  let failed = 0;
  for (const { id } of due) {
    // One membership's trouble (a database hiccup) does not stop the others; its try is due again later.
    const outcome = await renewOne(deps, id).catch((err: unknown) => {
      deps.log?.error({ err, membershipId: id }, 'membership renewal failed to run');
      return 'skipped' as const;
    });
    if (outcome === 'renewed') renewed++;
    else if (outcome === 'failed') failed++;
  }
  return { renewed, failed, ...run };
}

async function renewOne(deps: PaymentDeps & { now: Date }, id: string): Promise<'renewed' | 'failed' | 'skipped'> {
  const { db, now, provider } = deps;
  // Claim this try under the lock: the try is counted and the next one scheduled before any charge, so a
  // second process (or a crash and rerun) never charges the same try twice.
  const claim = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(memberships).where(eq(memberships.id, id)).for('update', { skipLocked: true });
    if (!row || !isDue(row, now)) return null;
    const attempt = row.renewalAttempts + 1;
    const period = row.periodsPaid + 1;
    await tx
      .update(memberships)
      .set({ renewalAttempts: attempt, nextRenewalAttemptAt: nextTryAfter(row, attempt), updatedAt: now })
      .where(eq(memberships.id, row.id));
    await tx
      .insert(payments)
      .values({
        purpose: 'membership_renewal',
        membershipId: row.id,
        membershipPeriod: period,
        provider: 'test',
        amountPence: row.pricePence,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    // The card of the last period paid: the first payment's, or the one the family paid an overdue period
    // with after updating the card (update-card.ts).
    const [last] = await tx
      .select({ providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .where(and(eq(payments.membershipId, row.id), eq(payments.status, 'succeeded')))
      .orderBy(desc(payments.membershipPeriod))
      .limit(1);
    return { row, attempt, period, savedFrom: last?.providerPaymentId ?? null };
  });
  if (!claim?.savedFrom) return 'skipped';

  const { venue, clock } = await visitClock(db, now);
  const charged = await provider.chargeSavedCard!({
    amountPence: claim.row.pricePence,
    idempotencyKey: `membership:${id}:period:${claim.period}`,
    description: `${venue.name}: ${claim.row.plan.name} (${memberNumberText(claim.row.memberNumber)}), month ${claim.period}`,
    email: claim.row.email,
    metadata: { membershipId: id },
    savedFrom: claim.savedFrom,
  });
  await db
    .update(payments)
    .set({ providerPaymentId: charged.providerPaymentId, clientSecret: charged.clientSecret, updatedAt: now })
    .where(
      and(
        eq(payments.membershipId, id),
        eq(payments.membershipPeriod, claim.period),
        isNull(payments.providerPaymentId),
      ),
    );
  // A success extends the membership through the one payment path (the seller, once per period).
  await applyPaymentStatus({ ...deps, providerPaymentId: charged.providerPaymentId, status: charged.status });
  if (charged.status === 'succeeded') return 'renewed';

  await db.transaction(async (tx) => {
    const m = await lockMembership(tx, id);
    // Renewed meanwhile, or paused, cancelled or ended by someone else: theirs is the last word.
    if (!m || m.periodsPaid >= claim.period || (m.status !== 'active' && m.status !== 'past_due')) return;
    const last = claim.attempt >= TRIES;
    const [after] = await tx
      .update(memberships)
      .set({
        status: last ? 'paused' : 'past_due',
        statusReason: RENEWAL_FAILED,
        ...(last ? { pausedAt: now } : {}),
        nextRenewalAttemptAt: last ? null : m.nextRenewalAttemptAt,
        version: m.version + 1,
        updatedAt: now,
      })
      .where(eq(memberships.id, id))
      .returning();
    await enqueueMail(
      tx,
      renewalFailedMail(after!, {
        venue,
        publicUrl: deps.publicUrl,
        attempt: claim.attempt,
        nextTry: last ? null : m.nextRenewalAttemptAt,
        period: claim.period,
      }),
    );
    if (last) await noticeUnpaidVisits(tx, after!, { reason: 'paused', now, venue, clock, publicUrl: deps.publicUrl });
  });
  return 'failed';
}

function isDue(m: MembershipRow, now: Date): boolean {
  if (m.provider !== 'test' || m.period !== 'monthly' || m.cancelAtPeriodEnd) return false;
  if (m.status !== 'active' && m.status !== 'past_due') return false;
  const at = m.nextRenewalAttemptAt ?? m.currentPeriodEnd;
  return !!at && at <= now;
}

/** When the try after `attempt` is due (counted from the period's end), or null after the last. */
function nextTryAfter(m: MembershipRow, attempt: number): Date | null {
  const days = RETRY_DAYS_AFTER_PERIOD_END[attempt - 1];
  return days === undefined ? null : addDaysTo(m.currentPeriodEnd!, days);
}

/** Cancelled memberships and annual passes whose period is over: ended (their period was paid in full). */
async function endDueMemberships(deps: PaymentDeps & { now: Date }): Promise<number> {
  const { db, now } = deps;
  const gone = await db
    .update(memberships)
    .set({ status: 'ended', endedAt: now, updatedAt: now, version: sql`${memberships.version} + 1` })
    .where(
      and(
        lte(memberships.currentPeriodEnd, now),
        or(
          eq(memberships.status, 'cancelled'),
          and(eq(memberships.period, 'annual'), inArray(memberships.status, ['active', 'past_due'])),
        ),
      ),
    )
    .returning({ id: memberships.id });
  return gone.length;
}

/** DECISIONS.md "Nothing kept for ever": a membership paused for its unpaid renewal ends after this long. */
export const UNPAID_PAUSE_DAYS = 60;

/**
 * Paused for a failed renewal (not an admin's pause) since UNPAID_PAUSE_DAYS ago and still not paid: ended,
 * the family mailed once. A Stripe subscription is cancelled first (outside the transaction; cancelling twice
 * is harmless, and one Stripe cannot cancel now is tried again at the next run).
 */
async function endUnpaidPauses(deps: PaymentDeps & { now: Date; batch?: number }): Promise<number> {
  const { db, now } = deps;
  const due = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.status, 'paused'),
        eq(memberships.statusReason, RENEWAL_FAILED),
        lte(memberships.pausedAt, addDaysTo(now, -UNPAID_PAUSE_DAYS)),
      ),
    )
    .limit(deps.batch ?? 50);
  if (due.length === 0) return 0;
  const { venue } = await visitClock(db, now);
  let ended = 0;
  for (const found of due) {
    try {
      if (found.providerSubscriptionId)
        await deps.provider.billing?.cancelSubscription(found.providerSubscriptionId, { atPeriodEnd: false });
    } catch (err) {
      deps.log?.warn(
        { err, membershipId: found.id },
        'could not cancel the subscription of an unpaid membership; next run',
      );
      continue;
    }
    const done = await db.transaction(async (tx) => {
      const m = await lockMembership(tx, found.id);
      if (!m || m.status !== 'paused' || m.statusReason !== RENEWAL_FAILED) return false;
      const [after] = await tx
        .update(memberships)
        .set({ status: 'ended', statusReason: 'unpaid', endedAt: now, version: m.version + 1, updatedAt: now })
        .where(eq(memberships.id, m.id))
        .returning();
      await enqueueMail(tx, unpaidEndedMail(after!, { venue, days: UNPAID_PAUSE_DAYS }));
      return true;
    });
    if (done) ended++;
  }
  return ended;
}
