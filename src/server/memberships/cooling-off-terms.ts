import { and, eq } from 'drizzle-orm';
import type { CoolingOffPreview } from '../../shared/contracts/memberships';
import { visitStart } from '../bookings/visit-time';
import type { Db } from '../db/client';
import { payments } from '../db/schema';
import { AppError } from '../http/errors';
import { coveredVisits, type CoveredVisit } from './member-cover';
import { visitClock } from './unpaid-visits';
import type { MembershipRow } from './membership-rows';

type Clock = Awaited<ReturnType<typeof visitClock>>['clock'];

/** The cooling-off cancel is for a membership that started, within its 14 days. */
export function refuseOutsideCoolingOff(m: MembershipRow, now: Date): void {
  if (m.status === 'pending' || m.status === 'ended')
    throw new AppError('membership_state', 'This membership cannot be cancelled now.');
  if (now > m.coolingOffUntil)
    throw new AppError(
      'cooling_off_over',
      'The 14 days to cancel with a refund have passed. You can still cancel at the end of the period.',
    );
}

export type CoolingOffTerms = {
  /** The first payment, when it went through and nothing of it went back yet. */
  first: typeof payments.$inferSelect | null;
  paidPence: number;
  /** Visits made: checked in, or started (issue 46: what the membership has already paid for). */
  made: { visits: number; valuePence: number };
  /** Paid bookings still to come that it pays for, not checked in. */
  future: (CoveredVisit & { session: string })[];
  /** Bookings it pays for that wait for their own payment (a hold, a Bacs debit). */
  waiting: CoveredVisit[];
  refundPence: { ifCancelled: number; ifKept: number };
};

/**
 * What cancelling in the cooling-off period comes to (issue 46, DECISIONS.md "Memberships keep their money
 * straight"): the first payment less what this membership paid for (booking_membership_cover, written when each
 * booking was made) on visits made. Visits booked ahead are the family's choice: cancelled (nothing comes off),
 * or kept and paid for, their worth taken off the refund too. The same sums make the preview and the cancel.
 */
export async function coolingOffTerms(
  db: Db,
  m: MembershipRow,
  o: { now: Date; clock: Clock; lockPayment?: boolean },
): Promise<CoolingOffTerms> {
  const visits = await coveredVisits(db, m.id);
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.membershipId, m.id), eq(payments.membershipPeriod, 1)));
  const [row] = o.lockPayment ? await query.for('update') : await query;
  const first = row && row.status === 'succeeded' && !row.refundStatus ? row : null;
  const paidPence = first?.amountPence ?? 0;
  const made = { visits: 0, valuePence: 0 };
  const future: CoolingOffTerms['future'] = [];
  const waiting: CoveredVisit[] = [];
  for (const v of visits) {
    if (v.status !== 'confirmed') waiting.push(v);
    else if (v.checkedIn || visitStart(v.visitDate, v.sessionId, o.clock) <= o.now) {
      made.visits += v.visits;
      made.valuePence += v.valuePence;
    } else {
      const session = v.sessionId ? (o.clock.sessions.find((s) => s.id === v.sessionId)?.label ?? '') : 'All day';
      future.push({ ...v, session });
    }
  }
  const sum = (list: CoveredVisit[]) => list.reduce((n, v) => n + v.valuePence, 0);
  const ifCancelled = Math.max(0, paidPence - made.valuePence - sum(waiting));
  return {
    first,
    paidPence,
    made,
    future,
    waiting,
    refundPence: { ifCancelled, ifKept: Math.max(0, ifCancelled - sum(future)) },
  };
}

/** GET /api/family/memberships/:id/cooling-off: the terms as the family sees them before confirming. */
export async function previewCoolingOff(o: { db: Db; m: MembershipRow; now: Date }): Promise<CoolingOffPreview> {
  refuseOutsideCoolingOff(o.m, o.now);
  const { clock } = await visitClock(o.db, o.now);
  const t = await coolingOffTerms(o.db, o.m, { now: o.now, clock });
  return {
    paidPence: t.paidPence,
    made: t.made,
    future: t.future.map((v) => ({
      reference: v.reference,
      visitDate: v.visitDate,
      session: v.session,
      visits: v.visits,
      valuePence: v.valuePence,
    })),
    refundPence: t.refundPence,
    coolingOffUntil: o.m.coolingOffUntil.toISOString(),
  };
}
