import { sql } from 'drizzle-orm';
import { bandOn } from '../../shared/catalogue';
import { catalogueOf } from '../catalogue/catalogue-store';
import { rowsOf, type Db } from '../db/client';
import type { TicketTypeRow } from './pricing';

/**
 * Everything a booking is checked against, in one round trip: ticket prices on the visit date (its band's,
 * DECISIONS.md "Prices by day and season"; the band is worked out from the in-memory catalogue), the session ids, whether
 * staff blocked the slot (for an all-day ticket, any block on the day counts), and whether the family
 * has a credit account at all (most do not: their booking then skips locking one).
 */
export async function loadBookingInputs(
  db: Db,
  date: string,
  sessionId: string | null,
  creditEmail: string,
): Promise<{
  types: TicketTypeRow[];
  sessionIds: string[];
  sessionLabels: Record<string, string>;
  blocked: boolean;
  hasCreditAccount: boolean;
  /** The visit date's band of days. */
  bandId: string;
}> {
  const band = bandOn(await catalogueOf(db), date).id;
  const [row] = rowsOf<{
    types: TicketTypeRow[] | null;
    sessionIds: string[] | null;
    sessionLabels: Record<string, string> | null;
    blocked: boolean;
    hasCreditAccount: boolean;
  }>(
    await db.execute(sql`
      select
        (select json_agg(json_build_object('id', t.id, 'title', t.title, 'pricePence', p.price_pence, 'feePence', p.fee_pence,
           'isChild', t.is_child, 'paidByCredit', t.paid_by_credit, 'sellDays', t.sell_days, 'sessionIds', t.session_ids, 'active', t.active))
          from ticket_types t
          -- The price in force on the visit date (DECISIONS.md: a price change applies from its date on).
          cross join lateral (select price_pence, fee_pence from ticket_type_prices
            where ticket_type_id = t.id and band_id = ${band} and from_date <= ${date}::date
            order by from_date desc limit 1) p) as types,
        (select json_agg(id order by id) from session_times) as "sessionIds",
        (select json_object_agg(id, label) from session_times) as "sessionLabels",
        exists (select 1 from session_restrictions where date = ${date}::date
          and (${sessionId}::text is null or session_id is null or session_id = ${sessionId}::text)) as blocked,
        exists (select 1 from credit_accounts where email = ${creditEmail}) as "hasCreditAccount"`),
  );
  return {
    types: row?.types ?? [],
    sessionIds: row?.sessionIds ?? [],
    sessionLabels: row?.sessionLabels ?? {},
    blocked: row?.blocked ?? false,
    hasCreditAccount: row?.hasCreditAccount ?? false,
    bandId: band,
  };
}
