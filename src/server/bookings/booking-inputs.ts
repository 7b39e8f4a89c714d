import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import type { TicketTypeRow } from './pricing';

/**
 * Everything a booking is checked against, in one round trip: ticket prices, the session ids, and
 * whether staff blocked the slot (for an all-day ticket, any block on the day counts).
 */
export async function loadBookingInputs(db: Db, date: string, sessionId: string | null): Promise<{ types: TicketTypeRow[]; sessionIds: string[]; blocked: boolean }> {
  const [row] = rowsOf<{ types: TicketTypeRow[] | null; sessionIds: string[] | null; blocked: boolean }>(
    await db.execute(sql`
      select
        (select json_agg(json_build_object('id', id, 'title', title, 'pricePence', price_pence, 'feePence', fee_pence,
           'isChild', is_child, 'weekdayMorningOnly', weekday_morning_only, 'active', active)) from ticket_types) as types,
        (select json_agg(id order by id) from session_times) as "sessionIds",
        exists (select 1 from session_restrictions where date = ${date}::date
          and (${sessionId}::text is null or session_id is null or session_id = ${sessionId}::text)) as blocked`),
  );
  return { types: row?.types ?? [], sessionIds: row?.sessionIds ?? [], blocked: row?.blocked ?? false };
}
