import { sql } from 'drizzle-orm';
import { chartPastDays, chartUpcomingDays, type OverviewChartsResponse } from '../../shared/contracts/overview-charts';
import { addDays, todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { byKindFrom, sumsByKind } from './takings-kinds';

/**
 * The Overview tab's charts: bookings and takings per venue day for the last 30 days, and places sold
 * per session for the next 14. The definitions are dashboard-stats.ts's, so a chart's last bar is the
 * "Today's" card above it.
 *
 * Bounded at any table size: the past days come from the database's own summary (sales_by_day), the
 * coming ones from a range scan of a partial index holding only sold places (bookings_sold_visit_idx).
 */
export async function getOverviewCharts(opts: { db: Db; now: Date }): Promise<OverviewChartsResponse> {
  const today = todayInLondon(opts.now);
  const [days, { sessions, upcoming }] = await Promise.all([pastDays(opts.db, today), upcomingPlaces(opts.db, today)]);
  return { today, days, sessions, upcoming };
}

/**
 * Bookings and takings (in all and by kind) per venue day from sales_by_day, which the database keeps as
 * sales change (migrations 0021 and 0031; sales-by-day.ts folds each day's rows into one): 30 days are a
 * few dozen rows. A venue day is London's (23 or 25 hours when the clocks change), as the triggers date
 * each change.
 */
async function pastDays(db: Db, today: string): Promise<OverviewChartsResponse['days']> {
  const first = addDays(today, 1 - chartPastDays);
  const rows = rowsOf<{ date: string; bookings: number; takings: number } & Record<string, unknown>>(
    await executePrepared(
      db,
      sql`select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(sum(s.bookings), 0)::int as bookings,
                 coalesce(sum(s.takings_pence), 0)::int as takings, ${sumsByKind('kind_')}
            from (select ${first}::date + i as day from generate_series(0, ${chartPastDays - 1}) i) d
            left join sales_by_day s on s.day = d.day
           group by d.day
           order by d.day`,
    ),
  );
  return rows.map((r) => ({
    date: r.date,
    bookings: r.bookings,
    takings: r.takings,
    takingsByKind: byKindFrom(r, 'kind_'),
  }));
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
