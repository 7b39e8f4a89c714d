import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bookings, checkIns } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';

/**
 * POST /api/check-in/check-out: a booking's or a walk-in's check-in ends, once. Its row is locked,
 * so two check-outs of one ticket cannot both succeed.
 */
export async function checkOut(opts: {
  db: Db;
  ticketId: string;
  actor: string;
  now: Date;
}): Promise<{ checkedOutAt: Date; visitorName: string }> {
  const { now } = opts;
  return opts.db.transaction(async (tx) => {
    // A booking's id, or a walk-in's own check-in id: the booking's row wins should both match.
    const [c] = await tx
      .select()
      .from(checkIns)
      .where(or(eq(checkIns.bookingId, opts.ticketId), eq(checkIns.id, opts.ticketId)))
      .orderBy(sql`${checkIns.bookingId} nulls last`)
      .limit(1)
      .for('update');
    if (!c) {
      const [b] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, opts.ticketId));
      if (!b)
        throw new AppError(
          'ticket_not_found',
          'We could not find that ticket. Please search again or ask a member of staff.',
        );
      throw new AppError('not_checked_in', 'This ticket has not been checked in yet.');
    }
    if (c.checkedOutAt) throw new AppError('already_checked_out', 'This ticket has already been checked out.');
    await tx.update(checkIns).set({ checkedOutAt: now, checkedOutBy: opts.actor }).where(eq(checkIns.id, c.id));
    await writeAudit(tx, {
      actor: opts.actor,
      action: 'checked_out',
      subjectType: c.bookingId ? 'booking' : 'check_in',
      subjectId: c.bookingId ?? c.id,
      details: { checkInId: c.id },
    });
    const [b] = c.bookingId
      ? await tx.select({ name: bookings.customerName }).from(bookings).where(eq(bookings.id, c.bookingId))
      : [];
    return { checkedOutAt: now, visitorName: b?.name ?? c.walkInName ?? '' };
  });
}
