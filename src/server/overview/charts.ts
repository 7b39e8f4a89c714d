import { sql } from 'drizzle-orm';
import { chartPastDays, chartUpcomingDays, type OverviewChartsResponse } from '../../shared/contracts/overview-charts';
import { addDays, todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { venueInstant } from '../bookings/visit-time';

/**
 * The Overview tab's charts: bookings and takings per venue day for the last 30 days, and places sold
 * per session for the next 14. The definitions are dashboard-stats.ts's, so a chart's last bar is the
 * "Today's" card above it.
 *
 * Bounded at any table size: each day is a range scan of one index (bookings (created_at, id),
 * bookings (confirmed_at) for confirmed ones, credit_purchases (paid_at) for paid ones, bookings
 * (visit_date, status)), so the cost follows the rows in the window, never the whole table.
 */
export async function getOverviewCharts(opts: { db: Db; now: Date }): Promise<OverviewChartsResponse> {
  const today = todayInLondon(opts.now);
  const [days, sessions, upcoming] = await Promise.all([
    pastDays(opts.db, today),
    opts.db.execute(sql`select id, label from session_times order by sort`),
    upcomingPlaces(opts.db, today),
  ]);
  return {
    today,
    days,
    sessions: rowsOf<{ id: string; label: string }>(sessions),
    upcoming,
  };
}

/**
 * A venue day runs from London midnight to the next (23 or 25 hours when the clocks change), so the
 * bounds are computed here, as venue-periods.ts does, not by the database's time zone.
 */
async function pastDays(db: Db, today: string): Promise<OverviewChartsResponse['days']> {
  const dates = Array.from({ length: chartPastDays }, (_, i) => addDays(today, i - chartPastDays + 1));
  const bounds = dates.map((date) => ({
    day: date,
    lo: venueInstant(date, '00:00').toISOString(),
    hi: venueInstant(addDays(date, 1), '00:00').toISOString(),
  }));
  // Sums cast to int: a day's takings would need to pass £21 million to overflow.
  const rows = rowsOf<{ date: string; bookings: number; takings: number }>(
    await db.execute(sql`
      select d.day as date,
        (select count(*) from bookings b
          where b.created_at >= d.lo and b.created_at < d.hi and b.status in ('confirmed', 'processing'))::int as bookings,
        ((select coalesce(sum(b.final_pence), 0) from bookings b
           where b.status = 'confirmed' and b.confirmed_at >= d.lo and b.confirmed_at < d.hi)
         + (select coalesce(sum(c.amount_pence), 0) from credit_purchases c
           where c.status = 'paid' and c.paid_at >= d.lo and c.paid_at < d.hi))::int as takings
      from jsonb_to_recordset(${JSON.stringify(bounds)}::jsonb) as d(day text, lo timestamptz, hi timestamptz)
      order by d.day`),
  );
  return rows.map((r) => ({ date: r.date, bookings: r.bookings, takings: r.takings }));
}

/**
 * Children on confirmed or processing bookings per date and session, as capacity counts them: a
 * weekday all-day ticket (no session) counts in every session of its day. Holds waiting for payment
 * are not sales. Capacity is the date's occupancy row when staff or a booking created one, else the
 * session's usual capacity (what public availability shows).
 */
async function upcomingPlaces(db: Db, today: string): Promise<OverviewChartsResponse['upcoming']> {
  const last = addDays(today, chartUpcomingDays - 1);
  const rows = rowsOf<{ date: string; sessionId: string; sold: number; capacity: number }>(
    await db.execute(sql`
      with days as (select ${today}::date + i as date from generate_series(0, ${chartUpcomingDays - 1}) i),
      sold as (
        select b.visit_date, s.id as session_id, sum(b.places) as sold
        from bookings b join session_times s on b.session_id = s.id or b.session_id is null
        where b.visit_date >= ${today}::date and b.visit_date <= ${last}::date and b.status in ('confirmed', 'processing')
        group by b.visit_date, s.id)
      select to_char(days.date, 'YYYY-MM-DD') as date, s.id as "sessionId",
        coalesce(sold.sold, 0)::int as sold, coalesce(o.capacity, s.capacity)::int as capacity
      from days cross join session_times s
      left join session_occupancy o on o.visit_date = days.date and o.session_id = s.id
      left join sold on sold.visit_date = days.date and sold.session_id = s.id
      order by days.date, s.sort`),
  );
  const byDate = new Map<string, OverviewChartsResponse['upcoming'][number]>();
  for (const r of rows) {
    let day = byDate.get(r.date);
    if (!day) byDate.set(r.date, (day = { date: r.date, sessions: [] }));
    day.sessions.push({ sessionId: r.sessionId, sold: r.sold, capacity: r.capacity });
  }
  return [...byDate.values()];
}
