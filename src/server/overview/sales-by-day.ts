import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/**
 * Every sale as sales_by_day counts it, read afresh from the rows: (day, bookings, pence, and pence by kind:
 * tickets, credit_bundles, parties, gift_vouchers, memberships, cafe, shop) per booking sold (on the London day made), confirmed
 * booking (its card part and what a gift voucher paid of it, on the day confirmed), paid bundle (on the day
 * paid), party payment (less what went back of it, on the day paid) and gift voucher spend on a party (on the
 * day spent, less what went back to the voucher, its latest spend on the party first). `pence` is every
 * kind's together. The definitions of dashboard-stats.ts; migrations 0021 and 0031 sum the same (SQL cannot
 * import this), and the triggers keep sales_by_day equal to it (sales-by-day.test.ts).
 */
export const salesCountedAfresh = `
  select day, bookings, tickets + credit_bundles + parties + gift_vouchers + memberships + cafe + shop + events as pence,
         tickets, credit_bundles, parties, gift_vouchers, memberships, cafe, shop, events from (
    select (created_at at time zone 'Europe/London')::date as day, 1 as bookings, 0::bigint as tickets,
           0::bigint as credit_bundles, 0::bigint as parties, 0::bigint as gift_vouchers, 0::bigint as memberships,
           0::bigint as cafe, 0::bigint as shop, 0::bigint as events
      from bookings where status in ('confirmed', 'processing')
    union all
    select (confirmed_at at time zone 'Europe/London')::date, 0, final_pence, 0, 0,
           case when gift_voucher_state = 'spent' and gift_voucher_pence > 0 then gift_voucher_pence else 0 end, 0, 0, 0, 0
      from bookings where status = 'confirmed' and confirmed_at is not null
    union all
    select (paid_at at time zone 'Europe/London')::date, 0, 0, amount_pence, 0, 0, 0, 0, 0, 0
      from credit_purchases where status = 'paid' and paid_at is not null
    union all
    select (paid_at at time zone 'Europe/London')::date, 0, 0, 0, greatest(amount_pence - refund_pence, 0), 0, 0, 0, 0, 0
      from payments
     where party_booking_id is not null and status in ('succeeded', 'refunded') and paid_at is not null
    union all
    select (paid_at at time zone 'Europe/London')::date, 0, 0, 0, 0, 0, greatest(amount_pence - refund_pence, 0), 0, 0, 0
      from payments
     where membership_id is not null and status in ('succeeded', 'refunded') and paid_at is not null
    union all
    select (s.created_at at time zone 'Europe/London')::date, 0, 0, 0, 0,
           -s.amount_pence - greatest(0, least(s.upto, coalesce(b.back, 0)) - (s.upto + s.amount_pence)), 0, 0, 0, 0
      from (select party_booking_id, voucher_id, created_at, amount_pence,
                   -sum(amount_pence) over (partition by party_booking_id, voucher_id
                                            order by created_at desc, id desc rows unbounded preceding) as upto
              from gift_voucher_ledger where party_booking_id is not null and kind = 'redeem') s
      left join (select party_booking_id, voucher_id, sum(amount_pence) as back
                   from gift_voucher_ledger where party_booking_id is not null and kind = 'refund_to_voucher'
                  group by 1, 2) b
        on b.party_booking_id = s.party_booking_id and b.voucher_id = s.voucher_id
    union all
    -- Till sales (migration 0044): paid lines by kind, a gift voucher paying entry, then cafe, then shop.
    select (t.updated_at at time zone 'Europe/London')::date, 0, t.e - t.ve, 0, 0, t.v, 0, t.c - t.vc,
           t.s - (t.v - t.ve - t.vc), 0
      from (select x.*, least(x.v - x.ve, x.c) as vc
              from (select s.updated_at, s.voucher_pence::bigint as v, l.e, l.c, l.s, least(s.voucher_pence, l.e) as ve
                      from till_sales s cross join lateral (
                        select coalesce(sum(total_pence) filter (where kind = 'entry'), 0) as e,
                               coalesce(sum(total_pence) filter (where kind = 'cafe'), 0) as c,
                               coalesce(sum(total_pence) filter (where kind = 'shop'), 0) as s
                          from till_sale_lines where sale_id = s.id) l
                     where s.status = 'paid') x) t
    union all
    select (r.created_at at time zone 'Europe/London')::date, 0,
           -coalesce(sum(x.pence) filter (where x.kind = 'entry'), 0), 0, 0, 0, 0,
           -coalesce(sum(x.pence) filter (where x.kind = 'cafe'), 0), -coalesce(sum(x.pence) filter (where x.kind = 'shop'), 0), 0
      from till_refunds r cross join jsonb_to_recordset(r.lines) as x(kind text, pence int)
     group by r.id, r.created_at
    union all
    -- Special events' places (issue 51, migration 0048): on the day paid, less what went back.
    select (paid_at at time zone 'Europe/London')::date, 0, 0, 0, 0, 0, 0, 0, 0, greatest(amount_pence - refund_pence, 0)
      from payments
     where event_booking_id is not null and status in ('succeeded', 'refunded') and paid_at is not null
    union all
    -- Orders from the table (issue 49, migration 0049): cafe takings on the day paid, less what went back.
    select (paid_at at time zone 'Europe/London')::date, 0, 0, 0, 0, 0, 0, greatest(amount_pence - refund_pence, 0), 0, 0
      from payments
     where cafe_order_id is not null and status in ('succeeded', 'refunded') and paid_at is not null
  ) counted`;

/** Refills sales_by_day from the rows, one row a day (the bench's seed, which loads with triggers off). */
export const refillSalesByDay = `
  delete from sales_by_day;
  insert into sales_by_day (day, bookings, takings_pence, tickets_pence, credit_bundles_pence, parties_pence,
                            gift_vouchers_pence, memberships_pence, cafe_pence, shop_pence, events_pence)
    select day, sum(bookings), sum(pence), sum(tickets), sum(credit_bundles), sum(parties), sum(gift_vouchers),
           sum(memberships), sum(cafe), sum(shop), sum(events)
      from (${salesCountedAfresh}) r group by day`;

/**
 * Replaces each day's rows of sales_by_day (migration 0021) with one row of their sum, so reading 30 days
 * stays 30 rows however many sales they saw. One statement deletes exactly the rows it sums and inserts
 * the sum, so a reader sees the rows or the sum, never both and never neither. A change committed while it
 * runs is a row it did not see: kept, and counted once. Two folds at once each sum only what they deleted.
 */
export async function foldSalesByDay(db: Db): Promise<number> {
  const [row] = rowsOf<{ days: number }>(
    await db.execute(sql`
      with gone as (
        delete from sales_by_day
         where day in (select day from sales_by_day group by day having count(*) > 1)
        returning day, bookings, takings_pence, tickets_pence, credit_bundles_pence, parties_pence,
                  gift_vouchers_pence, memberships_pence, cafe_pence, shop_pence, events_pence),
      folded as (
        insert into sales_by_day (day, bookings, takings_pence, tickets_pence, credit_bundles_pence, parties_pence,
                                  gift_vouchers_pence, memberships_pence, cafe_pence, shop_pence, events_pence)
        select day, sum(bookings), sum(takings_pence), sum(tickets_pence), sum(credit_bundles_pence),
               sum(parties_pence), sum(gift_vouchers_pence), sum(memberships_pence), sum(cafe_pence), sum(shop_pence), sum(events_pence)
          from gone group by day
        returning day)
      select count(*)::int as days from folded`),
  );
  return row!.days;
}
