import { sql } from 'drizzle-orm';
import { addDays } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { executePrepared } from '../db/prepared';

/**
 * What gift vouchers paid towards confirmed bookings, per venue day of confirmation (Europe/London), from
 * `first` to `last` inclusive. A booking's final_pence is the card's part only (the voucher's is
 * gift_voucher_pence), and sales_by_day counts final_pence: this is the rest of the booking's takings, on
 * the same day. A voucher's sale is never takings (it is owed to its holder until spent: the liability
 * report); its value becomes takings here, when it pays for a visit. A booking cancelled afterwards drops
 * out, as its card part drops out of sales_by_day.
 *
 * Bounded by the days asked for: a range scan of bookings_confirmed_at_idx over those days' confirmations.
 */
export async function voucherTakingsByDay(db: Db, first: string, last: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ day: string; pence: number }>(
    await executePrepared(
      db,
      sql`select to_char((confirmed_at at time zone 'Europe/London')::date, 'YYYY-MM-DD') as day,
                 sum(gift_voucher_pence)::int as pence
            from bookings
           where confirmed_at >= (${first}::date)::timestamp at time zone 'Europe/London'
             and confirmed_at < (${addDays(last, 1)}::date)::timestamp at time zone 'Europe/London'
             and status = 'confirmed' and gift_voucher_state = 'spent' and gift_voucher_pence > 0
           group by 1`,
    ),
  );
  return new Map(rows.map((r) => [r.day, r.pence]));
}
