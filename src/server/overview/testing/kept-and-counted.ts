import { sql } from 'drizzle-orm';
import type { TakingsByKind } from '../../../shared/contracts/takings';
import { rowsOf, type Db } from '../../db/client';
import { salesCountedAfresh } from '../sales-by-day';

type Day = { day: string; bookings: number; takings: number } & TakingsByKind;

const sums = `sum(bookings)::int as bookings, sum(takings)::int as takings, sum(tickets)::int as tickets,
  sum(credit_bundles)::int as credit_bundles, sum(parties)::int as parties, sum(gift_vouchers)::int as gift_vouchers,
  sum(memberships)::int as memberships, sum(cafe)::int as cafe, sum(shop)::int as shop, sum(events)::int as events`;
const notNothing = `having sum(bookings) <> 0 or sum(takings) <> 0 or sum(tickets) <> 0 or sum(credit_bundles) <> 0
  or sum(parties) <> 0 or sum(gift_vouchers) <> 0 or sum(memberships) <> 0 or sum(cafe) <> 0 or sum(shop) <> 0 or sum(events) <> 0`;

/**
 * sales_by_day per London day (bookings, takings and each kind's), as the triggers kept it, and the same
 * counted afresh from the rows (sales-by-day.ts): equal when the triggers and the backfills are right.
 */
export async function keptAndCounted(db: Db): Promise<{ kept: Day[]; counted: Day[] }> {
  const kept = rowsOf<Day>(
    await db.execute(
      sql.raw(`select to_char(day, 'YYYY-MM-DD') as day, ${sums} from (
        select day, bookings, takings_pence as takings, tickets_pence as tickets,
               credit_bundles_pence as credit_bundles, parties_pence as parties, gift_vouchers_pence as gift_vouchers,
               memberships_pence as memberships, cafe_pence as cafe, shop_pence as shop, events_pence as events
          from sales_by_day) s
        group by day ${notNothing} order by day`),
    ),
  );
  const counted = rowsOf<Day>(
    await db.execute(
      sql.raw(`select to_char(day, 'YYYY-MM-DD') as day, ${sums} from (
        select day, bookings, pence as takings, tickets, credit_bundles, parties, gift_vouchers, memberships, cafe, shop, events
          from (${salesCountedAfresh}) c) r
        group by day ${notNothing} order by day`),
    ),
  );
  return { kept, counted };
}
