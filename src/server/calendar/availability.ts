import { sql } from 'drizzle-orm';
import type { DateAvailability, SessionAvailability } from '../../shared/contracts/booking';
import { bookableRange } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { remainingPlaces } from '../bookings/capacity';
import { isStillBookable } from '../bookings/visit-time';
import { bandOn } from '../../shared/catalogue';
import { catalogueOf, publicCatalogue } from '../catalogue/catalogue-store';

type Row = {
  date: string;
  sessionId: string;
  label: string;
  capacity: number;
  taken: number;
  /** The reason of the closure covering this session (its own or the whole day's), null when open. */
  reason: string | null;
  wholeDay: boolean;
};

/**
 * Availability for every date from..to (inclusive) in one query: each session's remaining places and
 * whether staff blocked it. A session is available when it is not blocked, has room and is still open
 * for booking; a date is available when one of its sessions is (DECISIONS.md "Capacity and holds").
 */
export async function getAvailability(
  db: Db,
  range: { from: string; to: string },
  now: Date,
): Promise<DateAvailability[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with days as (select ${range.from}::date + i as date from generate_series(0, ${range.to}::date - ${range.from}::date) i)
      select to_char(days.date, 'YYYY-MM-DD') as date, s.id as "sessionId", s.label,
        coalesce(o.capacity, s.capacity)::int as capacity, coalesce(o.taken, 0)::int as taken,
        r.reason, (r.reason is not null and r.session_id is null) as "wholeDay"
      from days cross join session_times s
      left join session_occupancy o on o.visit_date = days.date and o.session_id = s.id
      left join lateral (select reason, session_id from session_restrictions r where r.date = days.date
        and (r.session_id is null or r.session_id = s.id) order by r.session_id nulls first limit 1) r on true
      order by days.date, s.sort`),
  );
  const bookable = bookableRange(now);
  // Only today's sessions can have closed; time-zone arithmetic is paid once per session, not per row.
  const todays = rows.filter((r) => r.date === bookable.from);
  const clock = todays.length > 0 ? await publicCatalogue(db, now) : null;
  const openToday = new Map(todays.map((r) => [r.sessionId, isStillBookable(r.date, r.sessionId, now, clock!)]));
  const catalogue = await catalogueOf(db);
  const byDate = new Map<string, DateAvailability>();
  for (const r of rows) {
    let day = byDate.get(r.date);
    if (!day) {
      const bandId = bandOn(catalogue, r.date).id;
      byDate.set(r.date, (day = { date: r.date, available: false, restricted: false, bandId, sessions: [] }));
    }
    const remaining = remainingPlaces([r]);
    const inRange = r.date >= bookable.from && r.date <= bookable.to;
    const blocked = r.reason !== null;
    const available =
      !blocked && remaining > 0 && inRange && (r.date !== bookable.from || openToday.get(r.sessionId) === true);
    const session: SessionAvailability = { id: r.sessionId, label: r.label, available, remaining, blocked };
    if (blocked) session.closedReason = r.reason!;
    day.sessions.push(session);
    day.available ||= available;
    day.restricted ||= blocked;
    if (r.wholeDay && r.reason !== null) day.closedReason = r.reason;
  }
  return [...byDate.values()];
}
