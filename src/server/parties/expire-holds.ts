import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/**
 * Party holds whose time ran out become 'expired', which frees their rooms (bookings/sweep.ts calls this
 * every sweep). Safe with several processes: rows are claimed with SKIP LOCKED, and an allocation expires
 * a stale hold of its own slot anyway. Answers how many it expired.
 */
export async function expirePartyHolds(db: Db, now: Date, batch = 100): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update party_bookings set status = 'expired', updated_at = ${now}, version = version + 1
      where id in (
        select id from party_bookings where status = 'held' and hold_expires_at <= ${now}
        order by hold_expires_at limit ${batch} for update skip locked)
      and status = 'held'
      returning id`),
  );
  return rows.length;
}
