import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/**
 * Holds past their 10 minutes give their places back at once (to the next admitted family), in one
 * statement: the bookings move from held to expired and their slots' `taken` drops by what they held.
 * `eventId` narrows it to one event (the reads and holds of that event); the sweep runs it for all.
 * A payment that succeeds afterwards is late money (event-seller.ts refunds it).
 */
export async function expireEventHolds(db: Db, now: Date, eventId?: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (
        update event_bookings set status = 'expired', updated_at = ${now.toISOString()}
         where status = 'held' and expires_at <= ${now.toISOString()}
           ${eventId ? sql`and event_id = ${eventId}` : sql``}
        returning slot_id, places),
      back as (
        update event_slots s set taken = s.taken - g.places
          from (select slot_id, sum(places)::int as places from gone group by slot_id) g
         where s.id = g.slot_id
        returning s.id)
      select (select count(*) from gone)::int as n`),
  );
  return Number(rows[0]?.n ?? 0);
}

/** Gives one booking's places back (a failed or cancelled payment), once: only a held booking moves. */
export async function releaseEventBooking(
  tx: Db,
  bookingId: string,
  now: Date,
  status: 'expired' | 'cancelled',
): Promise<boolean> {
  const rows = rowsOf<{ slot_id: string }>(
    await tx.execute(sql`
      with gone as (
        update event_bookings set status = ${status}, updated_at = ${now.toISOString()}
         where id = ${bookingId} and status = 'held'
        returning slot_id, places)
      update event_slots s set taken = s.taken - g.places from gone g where s.id = g.slot_id
      returning s.id as slot_id`),
  );
  return rows.length > 0;
}
