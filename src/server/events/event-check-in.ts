import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventBookings } from '../db/schema';
import { AppError } from '../http/errors';
import { alreadyUsed } from '../checkin/check-in-errors';
import { writeAudit } from '../staff/audit';

/**
 * POST /api/admin/events/:id/bookings/:bookingId/check-in: staff check a paid family in from the event sheet
 * (issue 51), like a visit: once (409 the second time), under a row lock so two taps cannot both count.
 */
export async function checkInEventBooking(
  db: Db,
  input: { eventId: string; bookingId: string; actor: string; now: Date },
): Promise<{ checkedInAt: Date }> {
  return db.transaction(async (tx) => {
    const [b] = await tx.select().from(eventBookings).where(eq(eventBookings.id, input.bookingId)).for('update');
    if (!b || b.eventId !== input.eventId)
      throw new AppError('booking_not_found', 'We could not find that booking for this event.');
    if (b.checkedInAt) throw alreadyUsed();
    if (b.status !== 'paid') throw new AppError('unpaid', 'This booking is not paid, so it cannot be checked in.');
    await tx
      .update(eventBookings)
      .set({ checkedInAt: input.now, updatedAt: input.now })
      .where(eq(eventBookings.id, b.id));
    await writeAudit(tx, {
      actor: input.actor,
      action: 'event.check_in',
      subjectType: 'event_booking',
      subjectId: b.id,
      details: { eventId: b.eventId, places: b.places },
    });
    return { checkedInAt: input.now };
  });
}
