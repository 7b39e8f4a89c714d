import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventBookings, eventSlots } from '../db/schema';
import { AppError } from '../http/errors';
import { expireEventHolds } from './expire-event-holds';

/** GET /api/events/:id/bookings/:bookingId: the family's own booking (another address's answers 404). */
export async function eventBookingStatus(db: Db, o: { eventId: string; bookingId: string; email: string; now: Date }) {
  await expireEventHolds(db, o.now, o.eventId);
  const [row] = await db
    .select({ b: eventBookings, startsAt: eventSlots.startsAt })
    .from(eventBookings)
    .innerJoin(eventSlots, eq(eventSlots.id, eventBookings.slotId))
    .where(
      and(eq(eventBookings.id, o.bookingId), eq(eventBookings.eventId, o.eventId), eq(eventBookings.email, o.email)),
    );
  if (!row) throw new AppError('booking_not_found', 'We could not find that booking.');
  return {
    status: row.b.status,
    slotStartsAt: row.startsAt.toISOString(),
    places: row.b.places,
    totalPence: row.b.totalPence,
  };
}
