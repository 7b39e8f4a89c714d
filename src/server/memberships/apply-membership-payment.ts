import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import { normaliseLoyaltyEmail } from '../../shared/contracts/loyalty';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { loyaltyLedger, membershipChildren, memberships, payments } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { appendLedgerEntry, lockMemberByEmail, lockMemberById, pointTotals } from '../loyalty/loyalty-ledger';
import { pointsForBooking } from '../loyalty/points';
import { lockAndAdvancePayment, recordRefundAtProvider, refundLatePayment } from '../payments/advance-payment';
import type { IncomingPaymentStatus } from '../payments/payment-transitions';
import type { SellerApplied } from '../payments/sellers';
import { getAppSecret } from '../security/app-secret';
import { memberCardToken } from './member-card';
import { welcomeMail } from './membership-mails';
import {
  addDaysTo,
  addPeriod,
  CHILD_COVERED,
  COOLING_OFF_DAYS,
  isExpiredJoin,
  lockMembership,
  memberNumberText,
  paymentDue,
  STARTED,
  type MembershipRow,
} from './membership-rows';

type Report = {
  paymentId: string;
  membershipId: string;
  status: IncomingPaymentStatus;
  now: Date;
  publicUrl: string;
  venue: VenueView;
};

/**
 * applyPaymentStatus's branch for a membership's payment, inside its transaction: locks the membership, then
 * the payment, moves the payment only forward, and acts when it first succeeds. The first payment (period 1)
 * activates a pending membership; a later one (a TEST MODE renewal) extends it by a period. A repeated, late
 * or out-of-order report finds the period already paid and changes nothing.
 *
 * Money that arrives for a membership that can no longer start or run (DECISIONS.md "Memberships keep their
 * money straight") is refunded in full, after commit (the sweep retries), and the family told why when the
 * refund is carried out (membership-seller.ts): an ended membership (by an admin, an erasure, the cooling-off,
 * its end), or a join whose child is covered by another membership meanwhile (the join had expired, and
 * another was paid first). A join that expired with its children still free starts, as a late booking payment
 * is confirmed while room remains. A Stripe subscription of a membership that cannot start is cancelled when
 * its invoice's event arrives (billing-events.ts).
 */
export async function applyMembershipPayment(tx: Db, o: Report): Promise<SellerApplied> {
  const unknown: SellerApplied = { result: { outcome: 'unknown_payment' }, refundPaymentId: null };
  const m = await lockMembership(tx, o.membershipId);
  if (!m) return unknown;
  const locked = await lockAndAdvancePayment(tx, o);
  if (!locked) return unknown;
  const { payment, next } = locked;
  if (!next)
    return {
      result: { outcome: 'unchanged', paymentStatus: payment.status, bookingStatus: null },
      refundPaymentId: null,
    };
  const updated = (bookingStatus: 'refunded' | null = null) => ({
    outcome: 'updated' as const,
    paymentStatus: next,
    bookingStatus,
  });
  const firstOfJoin = payment.membershipPeriod === 1 && m.periodsPaid === 0;

  if (next === 'succeeded' && firstOfJoin && (m.status === 'pending' || isExpiredJoin(m))) {
    const covered = await childrenCoveredElsewhere(tx, m);
    if (covered.length === 0) {
      await activateMembership(tx, m, { ...o, paidPence: payment.amountPence });
      return { result: updated(), refundPaymentId: null };
    }
    await tx
      .update(memberships)
      .set({
        status: 'ended',
        endedAt: m.endedAt ?? o.now,
        statusReason: `${CHILD_COVERED}: ${covered.join(', ')}`,
        version: m.version + 1,
        updatedAt: o.now,
      })
      .where(eq(memberships.id, m.id));
    return refund(tx, m, payment, updated);
  }
  if (next === 'succeeded' && m.status === 'ended') return refund(tx, m, payment, updated);
  if (next === 'succeeded' && payment.membershipPeriod === m.periodsPaid + 1 && m.periodsPaid > 0)
    await extendMembership(tx, m, { ...o, paidPence: payment.amountPence, periodEnd: null });
  else if (
    next === 'processing' &&
    firstOfJoin &&
    isExpiredJoin(m) &&
    (await childrenCoveredElsewhere(tx, m)).length === 0
  )
    // A bank debit submitted after the join's 15 minutes: it holds the children again until it clears or fails.
    await tx
      .update(memberships)
      .set({ status: 'pending', statusReason: null, endedAt: null, version: m.version + 1, updatedAt: o.now })
      .where(eq(memberships.id, m.id));
  else if (next === 'refunded') await recordRefundAtProvider(tx, payment, o.now);
  // A failed or cancelled first payment leaves it pending (the family may try another card until the join
  // expires); a failed renewal is counted and mailed by the renewal job, which knows which try it was.
  return { result: updated(), refundPaymentId: null };
}

/** All of it goes back (late_payment: the refund's mail says why, from the membership's reason). */
async function refund(
  tx: Db,
  m: MembershipRow,
  payment: typeof payments.$inferSelect,
  updated: (s: 'refunded') => SellerApplied['result'],
): Promise<SellerApplied> {
  // Its Stripe subscription must never renew (no two live subscriptions cover one child).
  const cancelSubscriptionId = m.providerSubscriptionId;
  if (payment.refundStatus) return { result: updated('refunded'), refundPaymentId: null, cancelSubscriptionId };
  await refundLatePayment(tx, payment, 'late_payment');
  return { result: updated('refunded'), refundPaymentId: payment.id, cancelSubscriptionId };
}

/**
 * The member numbers of the other memberships, started and not over, that cover one of this one's children.
 * Under a per-family lock (the join takes it too), so two joins of one family paid at once are decided one
 * after the other: the first paid starts, the second finds its child covered.
 */
export async function childrenCoveredElsewhere(tx: Db, m: MembershipRow): Promise<string[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`membership-join:${m.email}`}))`);
  const rows = await tx
    .selectDistinct({ memberNumber: memberships.memberNumber })
    .from(membershipChildren)
    .innerJoin(memberships, eq(memberships.id, membershipChildren.membershipId))
    .where(
      and(
        inArray(
          membershipChildren.childId,
          tx
            .select({ id: membershipChildren.childId })
            .from(membershipChildren)
            .where(eq(membershipChildren.membershipId, m.id)),
        ),
        ne(memberships.id, m.id),
        inArray(memberships.status, STARTED),
      ),
    );
  return rows.map((r) => memberNumberText(r.memberNumber));
}

/** The first period is paid: active from now, the 14 days of cooling-off from now, the welcome mail, points. */
export async function activateMembership(
  tx: Db,
  m: MembershipRow,
  o: { paymentId: string; now: Date; publicUrl: string; venue: VenueView; paidPence: number },
): Promise<void> {
  const end = addPeriod(o.now, m.period);
  const [active] = await tx
    .update(memberships)
    .set({
      status: 'active',
      statusReason: null,
      endedAt: null,
      periodsPaid: 1,
      currentPeriodStart: o.now,
      currentPeriodEnd: end,
      joinedAt: o.now,
      coolingOffUntil: addDaysTo(o.now, COOLING_OFF_DAYS),
      version: m.version + 1,
      updatedAt: o.now,
    })
    .where(eq(memberships.id, m.id))
    .returning();
  const cardToken = memberCardToken(await getAppSecret(tx), m.id);
  await enqueueMail(tx, await welcomeMail(active!, { ...o, cardToken }));
  await earnPoints(tx, active!, o);
}

/**
 * One more period is paid (a TEST MODE renewal, the overdue period paid with a new card, or Stripe's
 * invoice.paid): it runs on from where the last ended (Stripe's invoice line says the period it pays), active
 * again, retries forgotten. Called once per period: the payment per period is unique.
 */
export async function extendMembership(
  tx: Db,
  m: MembershipRow,
  o: { paymentId: string; now: Date; paidPence: number; periodEnd: Date | null },
): Promise<void> {
  const start = m.currentPeriodEnd ?? o.now;
  // An admin's pause (or a cancellation, or an end) is not undone by money coming in: the period is paid and
  // extended, the status and its reason stay. Only a renewal's failure is cleared by paying.
  const keep = m.status === 'cancelled' || m.status === 'ended' || (m.status === 'paused' && !paymentDue(m));
  const [renewed] = await tx
    .update(memberships)
    .set({
      status: keep ? m.status : 'active',
      statusReason: keep ? m.statusReason : null,
      periodsPaid: m.periodsPaid + 1,
      currentPeriodStart: start,
      currentPeriodEnd: o.periodEnd ?? addPeriod(start, m.period),
      renewalAttempts: 0,
      nextRenewalAttemptAt: null,
      version: m.version + 1,
      updatedAt: o.now,
    })
    .where(eq(memberships.id, m.id))
    .returning();
  await earnPoints(tx, renewed!, o);
}

/**
 * DECISIONS.md: membership payments earn points like any spend: 1 a whole pound with the tier's bonus, for a
 * loyalty member only, once per payment (the ledger's one-earn-per-payment index).
 */
async function earnPoints(tx: Db, m: MembershipRow, o: { paymentId: string; now: Date; paidPence: number }) {
  const member = await lockMemberByEmail(tx, normaliseLoyaltyEmail(m.email));
  if (!member) return;
  const { totalPoints } = await pointTotals(tx, member.id);
  const today = todayInLondon(o.now);
  const points = pointsForBooking({ paidPence: o.paidPence, visitDate: today, totalPointsBefore: totalPoints });
  if (points.total <= 0) return;
  await appendLedgerEntry(tx, {
    memberId: member.id,
    kind: 'earn',
    points: points.total,
    paymentId: o.paymentId,
    description: `Points for your ${m.plan.name} (${memberNumberText(m.memberNumber)})`,
  });
}

/** The payment row of a membership's period, if any. */
export async function periodPayment(tx: Db, membershipId: string, period: number) {
  const rows = await tx.select().from(payments).where(eq(payments.membershipId, membershipId));
  return rows.find((p) => p.membershipPeriod === period);
}

/**
 * DECISIONS.md "Loyalty": a refund takes back what its payment earned, in proportion to what went back
 * (rounded down, in the family's favour), once per payment (the ledger's one-reversal-per-payment index).
 * Called in the transaction that decides the refund (the cooling-off cancellation).
 */
export async function reversePaymentPoints(
  tx: Db,
  o: { paymentId: string; amountPence: number; refundPence: number; what: string },
): Promise<void> {
  const [earned] = await tx
    .select()
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.paymentId, o.paymentId), eq(loyaltyLedger.kind, 'earn')));
  if (!earned || earned.points <= 0 || o.amountPence <= 0) return;
  await lockMemberById(tx, earned.memberId);
  const points = Math.floor((earned.points * Math.min(o.refundPence, o.amountPence)) / o.amountPence);
  if (points <= 0) return;
  await appendLedgerEntry(tx, {
    memberId: earned.memberId,
    kind: 'reverse',
    points: -points,
    paymentId: o.paymentId,
    description: `${o.what} was refunded: points taken back`,
  });
}
