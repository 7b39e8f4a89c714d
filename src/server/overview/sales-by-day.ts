import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/**
 * Every sale as sales_by_day counts it, read afresh from the rows: (day, bookings, pence) per booking sold
 * (on the London day made), confirmed booking (on the day confirmed) and paid bundle (on the day paid). The
 * definitions of dashboard-stats.ts; migration 0021's backfill sums the same (SQL cannot import this).
 */
export const salesCountedAfresh = `
  select (created_at at time zone 'Europe/London')::date as day, 1 as bookings, 0 as pence
    from bookings where status in ('confirmed', 'processing')
  union all
  select (confirmed_at at time zone 'Europe/London')::date, 0, final_pence
    from bookings where status = 'confirmed' and confirmed_at is not null
  union all
  select (paid_at at time zone 'Europe/London')::date, 0, amount_pence
    from credit_purchases where status = 'paid' and paid_at is not null`;

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
        returning day, bookings, takings_pence),
      folded as (
        insert into sales_by_day (day, bookings, takings_pence)
        select day, sum(bookings), sum(takings_pence) from gone group by day
        returning day)
      select count(*)::int as days from folded`),
  );
  return row!.days;
}
