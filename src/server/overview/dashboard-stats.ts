import { sql } from 'drizzle-orm';
import type { DashboardStatsResponse, RecentActivity } from '../../shared/contracts/admin';
import { rowsOf, type Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { mondayOf, todayInLondon } from '../../shared/dates';
import { voucherTakingsByDay } from './voucher-takings';

const RECENT_ACTIVITY = 10;

/**
 * The Overview tab's figures. What staff mean by "today" is the till, not the visit diary (that is
 * the Today's Bookings tab), so:
 * - bookings count on the day they were MADE (created_at), if they are confirmed or still waiting for
 *   a bank payment (processing); holds, failed, expired, cancelled and refunded bookings do not count;
 * - revenue (takings) counts on the day it was PAID: confirmed bookings by confirmed_at (their total after
 *   session credits: the card's part from sales_by_day plus what a gift voucher paid, voucher-takings.ts)
 *   plus credit bundles by paid_at. Only confirmed/paid money is revenue: a processing bank payment joins
 *   the day it clears; a cancelled booking is refunded and drops out. Gift voucher sales are not revenue
 *   (they are owed until spent: the liability report); party payments are not counted here.
 * Days and weeks (Monday to Sunday) are the venue's, in Europe/London, as sales_by_day's triggers date them.
 */
export async function getDashboardStats(opts: { db: Db; now: Date }): Promise<Omit<DashboardStatsResponse, 'backup'>> {
  const today = todayInLondon(opts.now);
  // The days' figures as the database keeps them (sales_by_day, migration 0021): the same rows the
  // Overview charts draw, so the chart's last bar is always the "Today's" card. A week is a few rows.
  // Sums cast to int: a week's takings would need to pass £21 million to overflow.
  const [sales] = rowsOf<{ todayBookings: number; weekBookings: number; todayPence: number; weekPence: number }>(
    await executePrepared(
      opts.db,
      sql`select coalesce(sum(bookings) filter (where day = ${today}::date), 0)::int as "todayBookings",
                 coalesce(sum(bookings), 0)::int as "weekBookings",
                 coalesce(sum(takings_pence) filter (where day = ${today}::date), 0)::int as "todayPence",
                 coalesce(sum(takings_pence), 0)::int as "weekPence"
            from sales_by_day where day >= ${mondayOf(today)}::date and day <= ${today}::date`,
    ),
  );
  // The part of this week's bookings that gift vouchers paid: takings too, on the day confirmed (voucher-takings.ts).
  const byVoucher = await voucherTakingsByDay(opts.db, mondayOf(today), today);
  const voucherWeek = [...byVoucher.values()].reduce((a, b) => a + b, 0);
  // Distinct customers over all history, read from the summary the database keeps in step with
  // bookings and credit purchases (migration 0013), not counted from millions of rows on every visit.
  const [customers] = rowsOf<{ n: number }>(
    await opts.db.execute(sql`select coalesce(sum(customers), 0)::int as n from customer_totals`),
  );
  return {
    stats: {
      todayBookings: sales!.todayBookings,
      todayRevenue: sales!.todayPence + (byVoucher.get(today) ?? 0),
      weeklyBookings: sales!.weekBookings,
      weeklyRevenue: sales!.weekPence + voucherWeek,
      totalCustomers: customers?.n ?? 0,
    },
    recentActivity: await recentActivity(opts.db),
  };
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
