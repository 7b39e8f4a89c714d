import { and, eq } from 'drizzle-orm';
import type { CancelMembershipResponse } from '../../shared/contracts/memberships';
import { memberships, payments } from '../db/schema';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { executeDueRefund } from '../payments/execute-refund';
import type { PaymentDeps } from '../payments/payment-deps';
import { reversePaymentPoints } from './apply-membership-payment';
import { visitsUsed } from './member-cover';
import { coolingOffMail } from './membership-mails';
import { ENDABLE, endAtPeriodEnd } from './end-at-period-end';
import { visitClock } from './unpaid-visits';
import { beforeChange, isAdminPause, lockMembership, membershipViews, type MembershipRow } from './membership-rows';

/** The family's own membership by id; another family's (or a guessed id) is the same 404. */
export async function ownMembership(db: PaymentDeps['db'], email: string, id: string): Promise<MembershipRow> {
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), eq(memberships.email, email)));
  if (!m) throw new AppError('not_found', 'No such membership.');
  return m;
}

/**
 * POST /api/family/memberships/:id/cancel (DECISIONS.md "Memberships"):
 * - end_of_period (the default): no more renewals; it runs to the end of the period paid, then ends (the
 *   membership job). Stripe's subscription is told first (cancel at period end), then the row; a repeat
 *   answers the same. Visits it paid for on trust after that end are listed to the family and cancelled at
 *   their deadline (unpaid-visits.ts).
 * - cooling_off: within 14 days of joining only; ends now and refunds the first payment less the visits
 *   used (after commit, keyed per payment: the sweep retries a refund the provider did not take).
 */
export async function cancelMembership(
  deps: PaymentDeps & { email: string; id: string; mode: 'end_of_period' | 'cooling_off'; now: Date },
): Promise<CancelMembershipResponse> {
  const { db, now } = deps;
  const found = await ownMembership(db, deps.email, deps.id);
  const { venue, clock } = await visitClock(db, now);

  if (deps.mode === 'end_of_period') {
    if (found.cancelAtPeriodEnd && found.status === 'cancelled') return answer(deps, found.id, 0, 'Already cancelled.');
    // An admin's pause is the venue's decision: cancelling would end it and its reason (DECISIONS.md).
    if (isAdminPause(found)) throw adminPaused();
    if (!(ENDABLE as readonly string[]).includes(found.status))
      throw new AppError('membership_state', 'This membership cannot be cancelled now.');
    if (found.providerSubscriptionId)
      await beforeChange(
        deps.provider.billing?.cancelSubscription(found.providerSubscriptionId, { atPeriodEnd: true }),
      );
    await db.transaction(async (tx) => {
      const m = await lockMembership(tx, found.id);
      if (!m) return;
      if (isAdminPause(m)) throw adminPaused();
      await endAtPeriodEnd(tx, m, { now, venue, clock, publicUrl: deps.publicUrl });
    });
    return answer(deps, found.id, 0, 'Your membership will not renew. It runs to the end of the period paid.');
  }

  if (found.status === 'pending' || found.status === 'ended')
    throw new AppError('membership_state', 'This membership cannot be cancelled now.');
  if (now > found.coolingOffUntil)
    throw new AppError(
      'cooling_off_over',
      'The 14 days to cancel with a refund have passed. You can still cancel at the end of the period.',
    );
  if (found.providerSubscriptionId)
    await beforeChange(deps.provider.billing?.cancelSubscription(found.providerSubscriptionId, { atPeriodEnd: false }));
  const refund = await db.transaction(async (tx) => {
    const m = await lockMembership(tx, found.id);
    if (!m || m.status === 'ended' || m.status === 'pending') return null;
    // Counted under the membership's lock, which a booking it pays for takes too (member-cover.ts).
    const used = await visitsUsed(tx, m.id);
    const [first] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.membershipId, m.id), eq(payments.membershipPeriod, 1)))
      .for('update');
    const refundPence =
      first && first.status === 'succeeded' && !first.refundStatus
        ? Math.max(0, first.amountPence - used.valuePence)
        : 0;
    if (first && refundPence > 0) {
      await tx
        .update(payments)
        .set({ refundStatus: 'pending', refundPence, refundReason: 'cancelled', updatedAt: now })
        .where(eq(payments.id, first.id));
      await reversePaymentPoints(tx, {
        paymentId: first.id,
        amountPence: first.amountPence,
        refundPence,
        what: `Your ${m.plan.name}`,
      });
    }
    const [after] = await tx
      .update(memberships)
      .set({
        status: 'ended',
        endedAt: now,
        cancelAtPeriodEnd: true,
        statusReason: 'cooling_off',
        version: m.version + 1,
        updatedAt: now,
      })
      .where(eq(memberships.id, m.id))
      .returning();
    await enqueueMail(tx, coolingOffMail(after!, { venue, refundPence, visitsUsed: used.visits }));
    return { paymentId: first?.id ?? null, refundPence };
  });
  if (!refund) throw new AppError('membership_state', 'This membership cannot be cancelled now.');
  if (refund.paymentId && refund.refundPence > 0)
    await executeDueRefund({ ...deps, paymentId: refund.paymentId, now }).catch((err) =>
      deps.log?.warn({ err, paymentId: refund.paymentId }, 'cooling-off refund failed; the sweep will retry'),
    );
  return answer(deps, found.id, refund.refundPence, 'Your membership has ended and your refund is on its way.');
}

const adminPaused = () =>
  new AppError(
    'membership_state',
    'The venue has paused this membership, so it cannot be cancelled online. Please call us to talk about it.',
  );

async function answer(
  deps: PaymentDeps,
  id: string,
  refundPence: number,
  message: string,
): Promise<CancelMembershipResponse> {
  const [row] = await deps.db.select().from(memberships).where(eq(memberships.id, id));
  const [membership] = await membershipViews(deps.db, [row!]);
  return { membership: membership!, refundPence, message };
}
