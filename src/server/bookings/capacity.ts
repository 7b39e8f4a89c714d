import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

export type OccupancyRow = { sessionId: string; capacity: number; taken: number };

/**
 * The sessions a booking counts against: its own, or every session of the day for a weekday
 * all-day ticket (DECISIONS.md). Sorted by id: every transaction locks rows in this one order,
 * so two bookings can never hold one row each and wait for the other's (no deadlock).
 */
export function sessionsCounted(sessionId: string | null, allSessionIds: readonly string[]): string[] {
  return (sessionId ? [sessionId] : [...allSessionIds]).sort();
}

/** Room left for a booking that counts against these rows: the tightest of them. */
export function remainingPlaces(rows: readonly Pick<OccupancyRow, 'capacity' | 'taken'>[]): number {
  if (rows.length === 0) return 0;
  return Math.max(0, Math.min(...rows.map((r) => r.capacity - r.taken)));
}

export function hasRoomFor(rows: readonly Pick<OccupancyRow, 'capacity' | 'taken'>[], places: number): boolean {
  return rows.length > 0 && rows.every((r) => r.taken + places <= r.capacity);
}

/**
 * Creates the day's occupancy rows on first use (with each session's configured capacity), then
 * locks them FOR UPDATE in a fixed order. Call late in the transaction that consumes capacity.
 */
export async function lockOccupancy(tx: Db, date: string, sessionIds: string[]): Promise<OccupancyRow[]> {
  const ids = [...sessionIds].sort();
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into session_occupancy (visit_date, session_id, capacity)
    select ${date}::date, id, capacity from session_times where id in (${idList}) order by id
    on conflict do nothing`);
  return rowsOf<OccupancyRow>(
    await tx.execute(sql`
      select session_id as "sessionId", capacity, taken from session_occupancy
      where visit_date = ${date}::date and session_id in (${idList})
      order by session_id for update`),
  );
}

/** Adds (positive) or gives back (negative) places on rows the caller has locked. */
export async function adjustTaken(tx: Db, date: string, sessionIds: string[], delta: number): Promise<void> {
  if (delta === 0 || sessionIds.length === 0) return;
  const idList = sql.join(
    sessionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    update session_occupancy set taken = greatest(0, taken + ${delta})
    where visit_date = ${date}::date and session_id in (${idList})`);
}

/**
 * Lock, check and take in one statement (the hot path of booking creation): the CTE locks the rows
 * in the fixed order, and the update adds `places` to all of them only if every one has room.
 * Returns 'taken', 'full', or 'missing' when the day's occupancy rows do not exist yet.
 */
async function tryTake(tx: Db, date: string, ids: string[], places: number): Promise<'taken' | 'full' | 'missing'> {
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = rowsOf<{ found: number; updated: number }>(
    await tx.execute(sql`
      with locked as (
        select session_id, capacity, taken from session_occupancy
        where visit_date = ${date}::date and session_id in (${idList}) order by session_id for update),
      room as (select count(*)::int as found, coalesce(bool_and(taken + ${places} <= capacity), false) as ok from locked),
      upd as (
        update session_occupancy o set taken = o.taken + ${places}
        from locked, room where room.ok and room.found = ${ids.length} and o.visit_date = ${date}::date and o.session_id = locked.session_id
        returning 1)
      select room.found, (select count(*)::int from upd) as updated from room`),
  );
  if (row!.updated === ids.length) return 'taken';
  return row!.found < ids.length ? 'missing' : 'full';
}

/** Takes `places` in every listed session of a date if all have room; false when any is full. */
export async function takePlaces(tx: Db, date: string, sessionIds: string[], places: number): Promise<boolean> {
  const ids = [...sessionIds].sort();
  let outcome = await tryTake(tx, date, ids, places);
  if (outcome === 'missing') {
    await lockOccupancy(tx, date, ids); // creates the day's rows
    outcome = await tryTake(tx, date, ids, places);
  }
  return outcome === 'taken';
}
