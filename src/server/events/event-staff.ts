import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { eventQueueFiguresSchema, eventSheetSchema } from '../../shared/contracts/events';
import { rowsOf, type Db } from '../db/client';
import { eventBookings, eventSlots } from '../db/schema';
import { findEvent, placesLeft } from './event-store';
import { expireEventHolds } from './expire-event-holds';

/**
 * GET /api/admin/events/:id/sheet: each slot with the families paid (and holding) for it, their children's
 * first names and ages, for the presents.
 */
export async function eventSheet(db: Db, id: string, now: Date): Promise<z.infer<typeof eventSheetSchema>> {
  const event = await findEvent(db, id);
  await expireEventHolds(db, now, id);
  const slots = await db.select().from(eventSlots).where(eq(eventSlots.eventId, id)).orderBy(asc(eventSlots.startsAt));
  const bookings = await db
    .select()
    .from(eventBookings)
    .where(and(eq(eventBookings.eventId, id), inArray(eventBookings.status, ['held', 'paid'])))
    .orderBy(asc(eventBookings.createdAt));
  return {
    event: { id: event.id, name: event.name },
    slots: slots.map((s) => ({
      id: s.id,
      startsAt: s.startsAt.toISOString(),
      places: s.places,
      taken: s.taken,
      families: bookings
        .filter((b) => b.slotId === s.id)
        .map((b) => ({
          bookingId: b.id,
          reference: b.id.slice(0, 8).toUpperCase(),
          email: b.email,
          checkedInAt: b.checkedInAt?.toISOString() ?? null,
          status: b.status,
          adults: b.adults,
          children: b.children.map((c) => ({ firstName: c.firstName, age: c.age, note: c.note })),
        })),
    })),
  };
}

/** GET /api/admin/events/:id/queue: the queue's live figures (waiting, admitted, sold, held, places left). */
export async function queueFigures(db: Db, id: string, now: Date): Promise<z.infer<typeof eventQueueFiguresSchema>> {
  const event = await findEvent(db, id);
  await expireEventHolds(db, now, id);
  const [q] = rowsOf<{ waiting: number; admitted: number }>(
    await db.execute(sql`
      select count(*) filter (where position is null or position > ${event.admittedThrough})::int as waiting,
             count(*) filter (where position <= ${event.admittedThrough})::int as admitted
        from event_queue_entries where event_id = ${id}`),
  );
  const [b] = rowsOf<{ sold: number; held: number }>(
    await db.execute(sql`
      select coalesce(sum(places) filter (where status = 'paid'), 0)::int as sold,
             coalesce(sum(places) filter (where status = 'held'), 0)::int as held
        from event_bookings where event_id = ${id}`),
  );
  return {
    waiting: Number(q?.waiting ?? 0),
    admitted: Number(q?.admitted ?? 0),
    sold: Number(b?.sold ?? 0),
    held: Number(b?.held ?? 0),
    placesLeft: await placesLeft(db, id, now),
    admitPerMinute: event.admitPerMinute,
  };
}
