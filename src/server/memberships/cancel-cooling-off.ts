import { eq } from 'drizzle-orm';
import type { FutureVisitsChoice } from '../../shared/contracts/memberships';
import { cancelBookingWithNotice } from '../bookings/cancel-with-notice';
import { memberships, payments } from '../db/schema';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { executeDueRefund } from '../payments/execute-refund';
import type { PaymentDeps } from '../payments/payment-deps';
import { reversePaymentPoints } from './apply-membership-payment';
import { coolingOffTerms, refuseOutsideCoolingOff, type CoolingOffTerms } from './cooling-off-terms';
import { coolingOffMail } from './membership-mails';
import { visitClock } from './unpaid-visits';
import { beforeChange, lockMembership, memberNumberText, type MembershipRow } from './membership-rows';

/** Before anything changes: a booking waiting for its own payment, or visits ahead with no choice made, refuse. */
function refuseUnsettled(t: CoolingOffTerms, futureVisits: FutureVisitsChoice | undefined): void {
  const waiting = t.waiting[0];
  if (waiting)
    throw new AppError(
      'membership_state',
      `Your booking ${waiting.reference} that this membership pays for is waiting for its payment. Please finish paying for it, or let it lapse (a booking not paid is released after 15 minutes), then cancel.`,
    );
  if (t.future.length > 0 && !futureVisits)
    throw new AppError('invalid_input', 'Choose whether to cancel or keep the visits booked ahead.', {
      fields: { futureVisits: ['Choose to cancel or keep the visits booked ahead'] },
    });
}

/**
 * POST /api/family/memberships/:id/cancel with `cooling_off` (issue 46): within 14 days of joining only; ends now
 * and refunds the first payment less what this membership paid for on visits made (cooling-off-terms.ts). Its
 * visits booked ahead, as the family chose: `cancel` (each through the bookings domain, cancel-with-notice.ts:
 * places back, the cancellation mail saying why, whatever else was paid on the booking refunded in full), or
 * `keep` (they stay booked and paid for: their worth stays off the refund, which the mail says). Refunds are made
 * after commit, keyed per payment: the sweep retries one the provider did not take.
 */
export async function cancelCoolingOff(
  deps: PaymentDeps & { found: MembershipRow; futureVisits?: FutureVisitsChoice; now: Date },
): Promise<{ refundPence: number; message: string }> {
  const { db, now, found } = deps;
  refuseOutsideCoolingOff(found, now);
  const { venue, clock } = await visitClock(db, now);
  refuseUnsettled(await coolingOffTerms(db, found, { now, clock }), deps.futureVisits);
  if (found.providerSubscriptionId)
    await beforeChange(deps.provider.billing?.cancelSubscription(found.providerSubscriptionId, { atPeriodEnd: false }));
  const done = await db.transaction(async (tx) => {
    const m = await lockMembership(tx, found.id);
    if (!m || m.status === 'ended' || m.status === 'pending') return null;
    // Read under the membership's lock, which a booking it pays for takes too (member-cover.ts). A visit booked
    // since the check above, with no choice made: kept, so nothing the family booked is lost.
    const t = await coolingOffTerms(tx, m, { now, clock, lockPayment: true });
    const choice = deps.futureVisits ?? 'keep';
    const bookingRefunds: string[] = [];
    if (choice === 'cancel')
      for (const v of t.future) {
        const result = await cancelBookingWithNotice(tx, {
          bookingId: v.bookingId,
          why: `You cancelled your ${m.plan.name} (${memberNumberText(m.memberNumber)}) in its first 14 days, so it no longer pays for this visit.`,
          actor: 'system:memberships',
          auditDetails: { reason: 'membership_cooling_off', membershipId: m.id },
          now,
          venue,
        });
        if (result.refundPaymentId) bookingRefunds.push(result.refundPaymentId);
      }
    const refundPence = choice === 'cancel' ? t.refundPence.ifCancelled : t.refundPence.ifKept;
    if (t.first && refundPence > 0) {
      await tx
        .update(payments)
        .set({ refundStatus: 'pending', refundPence, refundReason: 'cancelled', updatedAt: now })
        .where(eq(payments.id, t.first.id));
      await reversePaymentPoints(tx, {
        paymentId: t.first.id,
        amountPence: t.first.amountPence,
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
    const kept = choice === 'keep' ? [...t.future, ...t.waiting] : [];
    await enqueueMail(
      tx,
      coolingOffMail(after!, {
        venue,
        refundPence,
        visitsUsed: t.made.visits,
        kept: { visits: kept.reduce((n, v) => n + v.visits, 0), references: kept.map((v) => v.reference) },
      }),
    );
    const refundIds = refundPence > 0 && t.first ? [t.first.id, ...bookingRefunds] : bookingRefunds;
    return { refundIds, refundPence, cancelled: choice === 'cancel' ? t.future.length : 0 };
  });
  if (!done) throw new AppError('membership_state', 'This membership cannot be cancelled now.');
  for (const paymentId of done.refundIds)
    await executeDueRefund({ ...deps, paymentId, now }).catch((err) =>
      deps.log?.warn({ err, paymentId }, 'cooling-off refund failed; the sweep will retry'),
    );
  const visitsText =
    done.cancelled > 0
      ? ` Your ${done.cancelled === 1 ? 'visit' : `${done.cancelled} visits`} booked ahead with it ${done.cancelled === 1 ? 'is' : 'are'} cancelled.`
      : '';
  return {
    refundPence: done.refundPence,
    message:
      done.refundPence > 0
        ? `Your membership has ended and your refund is on its way.${visitsText}`
        : `Your membership has ended.${visitsText}`,
  };
}
