import { sql, type SQL } from 'drizzle-orm';
import { chartPastDays, chartUpcomingDays, type OverviewChartsResponse } from '../../shared/contracts/overview-charts';
import { addDays, todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { venueInstant } from '../bookings/visit-time';

/**
 * The Overview tab's charts: bookings and takings per venue day for the last 30 days, and places sold
 * per session for the next 14. The definitions are dashboard-stats.ts's, so a chart's last bar is the
 * "Today's" card above it.
 *
 * Bounded at any table size: each figure is a range scan of one partial index holding only the rows it
 * counts, with what it sums (bookings_sold_created_idx, bookings_confirmed_idx, credit_purchases_paid_idx,
 * bookings_sold_visit_idx), so the cost follows the rows in the window, never the whole table.
 */
export async function getOverviewCharts(opts: { db: Db; now: Date }): Promise<OverviewChartsResponse> {
  const today = todayInLondon(opts.now);
  const [days, { sessions, upcoming }] = await Promise.all([pastDays(opts.db, today), upcomingPlaces(opts.db, today)]);
  return { today, days, sessions, upcoming };
}

/**
 * A venue day runs from London midnight to the next (23 or 25 hours when the clocks change), so the
 * days' edges are computed here, as venue-periods.ts does, not by the database's time zone. Each figure
 * is one range scan of its index over the 30 days, each row put in its day by width_bucket against the
 * 31 edges (day i holds edges[i] <= t < edges[i + 1]): one pass, where a scan per day cost twice as much.
 */
async function pastDays(db: Db, today: string): Promise<OverviewChartsResponse['days']> {
  const dates = Array.from({ length: chartPastDays }, (_, i) => addDays(today, i - chartPastDays + 1));
  const edges = [...dates, addDays(today, 1)].map((date) => venueInstant(date, '00:00').toISOString());
  const lo = edges[0]!;
  const hi = edges.at(-1)!;
  const day = (column: SQL) => sql`width_bucket(${column}, ${`{${edges.join(',')}}`}::timestamptz[])`;
  // Sums cast to int: a day's takings would need to pass £21 million to overflow.
  const rows = rowsOf<{ day: number; bookings: number; takings: number }>(
    await executePrepared(
      db,
      sql`
      with made as (
        select ${day(sql`b.created_at`)} as day, count(*) as n from bookings b
         where b.created_at >= ${lo} and b.created_at < ${hi} and b.status in ('confirmed', 'processing')
         group by 1),
      paid as (
        select ${day(sql`b.confirmed_at`)} as day, sum(b.final_pence) as pence from bookings b
         where b.confirmed_at >= ${lo} and b.confirmed_at < ${hi} and b.status = 'confirmed'
         group by 1),
      bundles as (
        select ${day(sql`c.paid_at`)} as day, sum(c.amount_pence) as pence from credit_purchases c
         where c.paid_at >= ${lo} and c.paid_at < ${hi} and c.status = 'paid'
         group by 1)
      select d.day, coalesce(made.n, 0)::int as bookings,
             (coalesce(paid.pence, 0) + coalesce(bundles.pence, 0))::int as takings
        from generate_series(1, ${chartPastDays}) as d(day)
        left join made using (day) left join paid using (day) left join bundles using (day)
       order by d.day`,
    ),
  );
  return rows.map((r) => ({ date: dates[r.day - 1]!, bookings: r.bookings, takings: r.takings }));
}

/**
 * Children on confirmed or processing bookings per date and session, as capacity counts them: a
 * weekday all-day ticket (no session) counts in every session of its day. Holds waiting for payment
 * are not sales. Capacity is the date's occupancy row when staff or a booking created one, else the
 * session's usual capacity (what public availability shows).
 */
async function upcomingPlaces(db: Db, today: string): Promise<Pick<OverviewChartsResponse, 'sessions' | 'upcoming'>> {
  const last = addDays(today, chartUpcomingDays - 1);
  const rows = rowsOf<{ date: string; sessionId: string; label: string; sold: number; capacity: number }>(
    await executePrepared(
      db,
      sql`
      with days as (select ${today}::date + i as date from generate_series(0, ${chartUpcomingDays - 1}) i),
      per_ticket as (
        select b.visit_date, b.session_id, sum(b.places) as sold from bookings b
        where b.visit_date >= ${today}::date and b.visit_date <= ${last}::date and b.status in ('confirmed', 'processing')
        group by b.visit_date, b.session_id),
      sold as (
        select t.visit_date, s.id as session_id, sum(t.sold) as sold
        from per_ticket t join session_times s on t.session_id = s.id or t.session_id is null
        group by t.visit_date, s.id)
      select to_char(days.date, 'YYYY-MM-DD') as date, s.id as "sessionId", s.label,
        coalesce(sold.sold, 0)::int as sold, coalesce(o.capacity, s.capacity)::int as capacity
      from days cross join session_times s
      left join session_occupancy o on o.visit_date = days.date and o.session_id = s.id
      left join sold on sold.visit_date = days.date and sold.session_id = s.id
      order by days.date, s.sort`,
    ),
  );
  const byDate = new Map<string, OverviewChartsResponse['upcoming'][number]>();
  for (const r of rows) {
    let day = byDate.get(r.date);
    if (!day) byDate.set(r.date, (day = { date: r.date, sessions: [] }));
    day.sessions.push({ sessionId: r.sessionId, sold: r.sold, capacity: r.capacity });
  }
  // Every day lists every session in order, so the first day's rows are the sessions.
  const sessions = rows.filter((r) => r.date === today).map((r) => ({ id: r.sessionId, label: r.label }));
  return { sessions, upcoming: [...byDate.values()] };
}
