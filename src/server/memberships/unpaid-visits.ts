import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import { todayInLondon } from '../../shared/dates';
import { coverEndsOn } from '../../shared/memberships';
import { cancelBookingWithNotice } from '../bookings/cancel-with-notice';
import { visitStart, type VisitClock } from '../bookings/visit-time';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { rowsOf, type Db } from '../db/client';
import { bookings, membershipUnpaidVisits, memberships } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { executeDueRefund } from '../payments/execute-refund';
import type { PaymentDeps } from '../payments/payment-deps';
import { unpaidVisitsMail } from './membership-mails';
import { lockMembership, memberNumberText, type MembershipRow } from './membership-rows';

const HOUR = 3_600_000;
/** A visit is kept if the membership is paid this long before it starts (time to pay, time to free the place). */
export const PAY_BEFORE_VISIT_HOURS = 48;
/** A visit sooner than that: a day from the notice to pay, but never later than this before the visit. */
export const SHORT_NOTICE_HOURS = 24;
export const LAST_CALL_BEFORE_VISIT_HOURS = 2;

/**
 * When a visit the membership has not paid for is cancelled unless it is paid by then: 48 hours before the visit
 * starts; a visit sooner than that gets 24 hours from the notice, but no later than 2 hours before it starts;
 * a visit less than 2 hours away is cancelled at the job's next run.
 */
export function unpaidVisitDeadline(start: Date, noticedAt: Date): Date {
  const usual = start.getTime() - PAY_BEFORE_VISIT_HOURS * HOUR;
  const soon = Math.min(
    noticedAt.getTime() + SHORT_NOTICE_HOURS * HOUR,
    start.getTime() - LAST_CALL_BEFORE_VISIT_HOURS * HOUR,
  );
  return new Date(Math.max(usual, soon));
}

type Venue = Pick<VenueView, 'name' | 'phone'>;
type Clock = Omit<VisitClock, 'sessions'> & {
  sessions: readonly { id: string; label: string; start: string; end: string }[];
};

/**
 * Issue 40: a membership stopped renewing (`paused` after its last failed renewal, or `ending`: cancelled to
 * its period's end) while it had paid, on trust of the renewal, for visits after its period paid. In the
 * transaction that makes the change, with the membership locked: its covered bookings (booking_children
 * .membership_id, a membership cover on the booking) that are confirmed, not checked in, on or after the first
 * day not paid for and still to start, each get a deadline (unpaidVisitDeadline), and the family one mail listing
 * them. One row per booking (its key): a rerun or a second process lists and mails nothing more; a booking
 * kept at an earlier pause (paid then) is listed again at a later one.
 */
export async function noticeUnpaidVisits(
  tx: Db,
  m: MembershipRow,
  o: { reason: 'paused' | 'ending'; now: Date; venue: Venue; clock: Clock; publicUrl: string },
): Promise<number> {
  if (!m.currentPeriodEnd) return 0;
  const firstUnpaid = todayInLondon(m.currentPeriodEnd);
  const today = todayInLondon(o.now);
  const found = rowsOf<{ id: string; reference: string; visit_date: string; session_id: string | null }>(
    await tx.execute(sql`
      select b.id::text, b.reference, b.visit_date::text, b.session_id from bookings b
      where b.status = 'confirmed' and b.membership_cover_pence > 0
        and b.visit_date >= ${firstUnpaid}::date and b.visit_date >= ${today}::date
        and exists (select 1 from booking_children bc where bc.booking_id = b.id and bc.membership_id = ${m.id}::uuid)
        and not exists (select 1 from check_ins ci where ci.booking_id = b.id)
      order by b.visit_date, b.session_id`),
  );
  const visits = found
    .map((b) => ({ ...b, start: visitStart(b.visit_date, b.session_id, o.clock) }))
    .filter((b) => b.start > o.now);
  const listed: { reference: string; date: string; session: string; deadline: Date }[] = [];
  for (const b of visits) {
    const deadline = unpaidVisitDeadline(b.start, o.now);
    const [row] = await tx
      .insert(membershipUnpaidVisits)
      .values({ membershipId: m.id, bookingId: b.id, reason: o.reason, deadline, noticedAt: o.now })
      .onConflictDoUpdate({
        target: [membershipUnpaidVisits.membershipId, membershipUnpaidVisits.bookingId],
        set: { reason: o.reason, deadline, noticedAt: o.now, outcome: null, settledAt: null },
        setWhere: eq(membershipUnpaidVisits.outcome, 'kept'),
      })
      .returning({ bookingId: membershipUnpaidVisits.bookingId });
    if (!row) continue;
    const session = b.session_id ? (o.clock.sessions.find((s) => s.id === b.session_id)?.label ?? '') : 'All day';
    listed.push({ reference: b.reference, date: b.visit_date, session, deadline });
  }
  if (listed.length > 0)
    await enqueueMail(
      tx,
      unpaidVisitsMail(m, { venue: o.venue, publicUrl: o.publicUrl, reason: o.reason, visits: listed, at: o.now }),
    );
  return listed.length;
}

/** The catalogue's clock and venue, read before the caller's transaction (as bookings' cancellations do). */
export async function visitClock(db: Db, now: Date): Promise<{ venue: VenueView; clock: Clock }> {
  const catalogue = await publicCatalogue(db, now);
  return { venue: catalogue.venue, clock: catalogue };
}

/**
 * The membership job's part (renew-memberships.ts): each listed visit whose deadline has passed, once. Kept when
 * the membership pays for its day again (paid meanwhile: shared/memberships.ts coverEndsOn); otherwise cancelled
 * through the bookings domain (cancel-with-notice.ts: places released, credits and vouchers back, whatever was
 * paid on the booking refunded in full, a cancellation mail saying why, audited as `system:memberships`). Locks
 * the membership, then the row, then the booking: two processes settle each row once.
 */
export async function settleUnpaidVisits(
  deps: PaymentDeps & {
    now: Date;
    batch?: number;
    /**
     * An erasure of this address (membership-privacy.ts, issue 46): every visit of its memberships still waiting
     * for its deadline is cancelled now, as at its deadline (the membership is ending: it can no longer be paid).
     */
    erasing?: string;
  },
): Promise<{ kept: number; cancelled: number }> {
  const { db, now, erasing } = deps;
  const due = await db
    .select({ membershipId: membershipUnpaidVisits.membershipId, bookingId: membershipUnpaidVisits.bookingId })
    .from(membershipUnpaidVisits)
    .where(
      and(
        isNull(membershipUnpaidVisits.outcome),
        erasing === undefined
          ? lte(membershipUnpaidVisits.deadline, now)
          : inArray(
              membershipUnpaidVisits.membershipId,
              db.select({ id: memberships.id }).from(memberships).where(eq(memberships.email, erasing)),
            ),
      ),
    )
    .orderBy(membershipUnpaidVisits.deadline)
    .limit(erasing === undefined ? (deps.batch ?? 50) : 1000);
  if (due.length === 0) return { kept: 0, cancelled: 0 };
  const { venue } = await visitClock(db, now);
  let kept = 0;
  let cancelled = 0;
  for (const d of due) {
    const done = await db
      .transaction(async (tx) => {
        const m = await lockMembership(tx, d.membershipId);
        const key = and(
          eq(membershipUnpaidVisits.membershipId, d.membershipId),
          eq(membershipUnpaidVisits.bookingId, d.bookingId),
        );
        const [row] = await tx.select().from(membershipUnpaidVisits).where(key).for('update');
        if (!m || !row || row.outcome !== null || (erasing === undefined && row.deadline > now)) return null;
        const [b] = await tx
          .select({ visitDate: bookings.visitDate })
          .from(bookings)
          .where(eq(bookings.id, d.bookingId));
        const ends = coverEndsOn(m);
        let outcome: 'kept' | 'cancelled' = 'kept';
        let refundPaymentId: string | null = null;
        if (b && (erasing !== undefined || !(ends && b.visitDate < ends))) {
          const result = await cancelBookingWithNotice(tx, {
            bookingId: d.bookingId,
            why:
              erasing !== undefined
                ? `Your ${m.plan.name} (${memberNumberText(m.memberNumber)}) has ended, so it could not pay for this visit.`
                : row.reason === 'paused'
                  ? `Your ${m.plan.name} (${memberNumberText(m.memberNumber)}) is paused because its payment did not go through, so it could not pay for this visit.`
                  : `Your ${m.plan.name} (${memberNumberText(m.memberNumber)}) ends before this visit, so it could not pay for it.`,
            actor: 'system:memberships',
            auditDetails: {
              reason: erasing !== undefined ? 'membership_erased' : `membership_${row.reason}`,
              membershipId: m.id,
              deadline: row.deadline,
            },
            now,
            venue,
          });
          if (result.cancelled) outcome = 'cancelled';
          refundPaymentId = result.refundPaymentId;
        }
        await tx.update(membershipUnpaidVisits).set({ outcome, settledAt: now }).where(key);
        return { outcome, refundPaymentId };
      })
      .catch((err: unknown) => {
        deps.log?.error({ err, ...d }, 'unpaid membership visit could not be settled; due again next run');
        return null;
      });
    if (!done) continue;
    if (done.outcome === 'kept') kept++;
    else cancelled++;
    if (done.refundPaymentId)
      await executeDueRefund({ ...deps, paymentId: done.refundPaymentId, now }).catch((err: unknown) =>
        deps.log?.warn({ err, paymentId: done.refundPaymentId }, 'refund failed; the sweep will retry'),
      );
  }
  return { kept, cancelled };
}
