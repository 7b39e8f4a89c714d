import { sql } from 'drizzle-orm';
import type { DashboardStatsResponse, MemberStats, RecentActivity } from '../../shared/contracts/admin';
import { rowsOf, type Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { mondayOf, todayInLondon } from '../../shared/dates';
import { byKindFrom, sumsByKind } from './takings-kinds';

const RECENT_ACTIVITY = 10;

/**
 * The Overview tab's figures. What staff mean by "today" is the till, not the visit diary (that is
 * the Today's Bookings tab), so:
 * - bookings count on the day they were MADE (created_at), if they are confirmed or still waiting for
 *   a bank payment (processing); holds, failed, expired, cancelled and refunded bookings do not count;
 *   parties are not bookings here (the Parties tab has them);
 * - revenue (takings) counts on the day it was PAID, by kind (contracts/takings.ts), from every seller:
 *   tickets: confirmed bookings' card part (after session credits) by confirmed_at; credit bundles by
 *   paid_at; parties: deposits and balances paid by card, by the payment's paid_at, less what was refunded
 *   of them (taken off the day they counted on, as a cancelled booking drops out of its day); gift vouchers:
 *   what a voucher paid of a confirmed booking (on the day confirmed) or of a party (on the day spent, less
 *   what went back to it). Only confirmed/paid money is revenue: a processing bank payment joins the day it
 *   clears; a cancelled booking is refunded and drops out. Gift voucher sales are not revenue (they are owed
 *   until spent: the liability report).
 * Days and weeks (Monday to Sunday) are the venue's, in Europe/London, as sales_by_day's triggers date them.
 */
export async function getDashboardStats(opts: { db: Db; now: Date }): Promise<Omit<DashboardStatsResponse, 'backup'>> {
  const today = todayInLondon(opts.now);
  // The days' figures as the database keeps them (sales_by_day, migrations 0021 and 0031): the same rows
  // the Overview charts draw, so the chart's last bar is always the "Today's" card. A week is a few rows
  // (folded to one a day; sales_by_day_day_idx finds them). Sums cast to int: a week's takings would need
  // to pass £21 million to overflow.
  const isToday = sql`day = ${today}::date`;
  const [sales] = rowsOf<{ todayBookings: number; weekBookings: number; todayPence: number; weekPence: number }>(
    await executePrepared(
      opts.db,
      sql`select coalesce(sum(bookings) filter (where ${isToday}), 0)::int as "todayBookings",
                 coalesce(sum(bookings), 0)::int as "weekBookings",
                 coalesce(sum(takings_pence) filter (where ${isToday}), 0)::int as "todayPence",
                 coalesce(sum(takings_pence), 0)::int as "weekPence",
                 ${sumsByKind('today_', isToday)}, ${sumsByKind('week_')}
            from sales_by_day where day >= ${mondayOf(today)}::date and day <= ${today}::date`,
    ),
  );
  // Distinct customers over all history, read from the summary the database keeps in step with
  // bookings and credit purchases (migration 0013), not counted from millions of rows on every visit.
  const [customers] = rowsOf<{ n: number }>(
    await opts.db.execute(sql`select coalesce(sum(customers), 0)::int as n from customer_totals`),
  );
  return {
    members: await memberStats(opts.db, opts.now),
    stats: {
      todayBookings: sales!.todayBookings,
      todayRevenue: sales!.todayPence,
      weeklyBookings: sales!.weekBookings,
      weeklyRevenue: sales!.weekPence,
      totalCustomers: customers?.n ?? 0,
    },
    revenueByKind: { today: byKindFrom(sales!, 'today_'), week: byKindFrom(sales!, 'week_') },
    recentActivity: await recentActivity(opts.db),
  };
}

/**
 * Members in force, the monthly recurring revenue of those that will renew (an annual pass counts a twelfth of
 * its price; one set to cancel or paused counts nothing), and memberships that ended this London month.
 */
async function memberStats(db: Db, now: Date): Promise<MemberStats> {
  const [row] = rowsOf<MemberStats>(
    await db.execute(sql`
      select count(*) filter (where status in ('active', 'past_due', 'cancelled'))::int as active,
        coalesce(sum(case when period = 'monthly' then price_pence else round(price_pence / 12.0) end)
          filter (where status in ('active', 'past_due') and not cancel_at_period_end), 0)::int as "monthlyRecurringPence",
        count(*) filter (where ended_at >= date_trunc('month', ${now}::timestamptz at time zone 'Europe/London')
          at time zone 'Europe/London')::int as "lostThisMonth"
      from memberships`),
  );
  return row ?? { active: 0, monthlyRecurringPence: 0, lostThisMonth: 0 };
}

/** The latest bookings made and payments received, newest first (a paid booking shows as both). */
async function recentActivity(db: Db): Promise<RecentActivity[]> {
  const rows = rowsOf<{
    id: string;
    type: 'booking' | 'payment';
    customer_name: string;
    created: Date | string;
    amount: number;
  }>(
    await db.execute(sql`
      select * from (
        (select id, 'booking' as type, customer_name, created_at as created, final_pence as amount
           from bookings where status in ('confirmed', 'processing')
          order by created_at desc limit ${RECENT_ACTIVITY})
        union all
        -- Payments received, at the time their booking was confirmed or their bundle paid. Each source is
        -- walked newest first through its own index (bookings_confirmed_at_idx, credit_purchases_paid_at_idx)
        -- and stops after the first few succeeded payments, instead of sorting every payment ever taken.
        (select p.id, 'payment', b.customer_name, b.confirmed_at, p.amount_pence
           from bookings b join payments p on p.booking_id = b.id
          where b.confirmed_at is not null and p.status = 'succeeded'
          order by b.confirmed_at desc limit ${RECENT_ACTIVITY})
        union all
        (select p.id, 'payment', cp.customer_name, cp.paid_at, p.amount_pence
           from credit_purchases cp join payments p on p.credit_purchase_id = cp.id
          where cp.paid_at is not null and p.status = 'succeeded'
          order by cp.paid_at desc limit ${RECENT_ACTIVITY})
        union all
        -- A payment that succeeded for a booking never confirmed (paid after its hold ended: a late payment,
        -- refunded by the sweep), at its own last change; payments_refund_due_idx finds the few waiting.
        (select p.id, 'payment', coalesce(b.customer_name, cp.customer_name, ''), p.updated_at, p.amount_pence
           from payments p
           left join bookings b on b.id = p.booking_id
           left join credit_purchases cp on cp.id = p.credit_purchase_id
          where p.status = 'succeeded' and p.refund_status = 'pending' and b.confirmed_at is null and cp.paid_at is null
          order by p.updated_at desc limit ${RECENT_ACTIVITY})
      ) a
      order by created desc, type limit ${RECENT_ACTIVITY}`),
  );
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    customerName: r.customer_name,
    created: new Date(r.created).toISOString(),
    amount: r.amount,
  }));
}
