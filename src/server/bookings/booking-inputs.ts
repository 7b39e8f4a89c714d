import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import type { TicketTypeRow } from './pricing';

/**
 * Everything a booking is checked against, in one round trip: ticket prices, the session ids, whether
 * staff blocked the slot (for an all-day ticket, any block on the day counts), and whether the family
 * has a credit account at all (most do not: their booking then skips locking one).
 */
export async function loadBookingInputs(
  db: Db,
  date: string,
  sessionId: string | null,
  creditEmail: string,
): Promise<{ types: TicketTypeRow[]; sessionIds: string[]; blocked: boolean; hasCreditAccount: boolean }> {
  const [row] = rowsOf<{
    types: TicketTypeRow[] | null;
    sessionIds: string[] | null;
    blocked: boolean;
    hasCreditAccount: boolean;
  }>(
    await db.execute(sql`
      select
        (select json_agg(json_build_object('id', id, 'title', title, 'pricePence', price_pence, 'feePence', fee_pence,
           'isChild', is_child, 'weekdayMorningOnly', weekday_morning_only, 'active', active)) from ticket_types) as types,
        (select json_agg(id order by id) from session_times) as "sessionIds",
        exists (select 1 from session_restrictions where date = ${date}::date
          and (${sessionId}::text is null or session_id is null or session_id = ${sessionId}::text)) as blocked,
        exists (select 1 from credit_accounts where email = ${creditEmail}) as "hasCreditAccount"`),
  );
  return {
    types: row?.types ?? [],
    sessionIds: row?.sessionIds ?? [],
    blocked: row?.blocked ?? false,
    hasCreditAccount: row?.hasCreditAccount ?? false,
  };
}
