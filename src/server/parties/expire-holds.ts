import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { giveBackExpiredHoldVouchers } from './party-gift-voucher';

/**
 * Party holds whose time ran out become 'expired', which frees their rooms (sweep.ts calls this
 * every sweep). Safe with several processes: rows are claimed with SKIP LOCKED, and an allocation expires
 * a stale hold of its own slot anyway. A gift voucher that paid part of the deposit gets its value back in
 * the same transaction (party locked, then voucher: party-gift-voucher.ts), and the party no longer counts
 * it as paid, so a card payment that lands late cannot confirm a deposit that is only partly paid
 * (apply-party-payment.ts refunds it). Answers how many it expired.
 */
export async function expirePartyHolds(db: Db, now: Date, batch = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ id: string; gift_voucher_pence: number | string }>(
      await tx.execute(sql`
        update party_bookings set status = 'expired', updated_at = ${now}, version = version + 1
        where id in (
          select id from party_bookings where status = 'held' and hold_expires_at <= ${now}
          order by hold_expires_at limit ${batch} for update skip locked)
        and status = 'held'
        returning id, gift_voucher_pence`),
    );
    await giveBackExpiredHoldVouchers(tx, rows, now);
    return rows.length;
  });
}
