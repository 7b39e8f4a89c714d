import { sql } from 'drizzle-orm';
import type { PartySlot } from '../../shared/catalogue';
import { rowsOf, type Db } from '../db/client';
import { giveBackExpiredHoldVouchers } from './party-gift-voucher';
import { PRIVATE_HIRE, type PartyCatalogue } from '../catalogue/party-settings';

/** The statuses that occupy a room (the partial unique index's). */
export const LIVE = sql`status in ('held', 'confirmed')`;

/**
 * Makes the date-and-slot's lock row on first use, then locks it: every allocation for that slot waits
 * here for the one before it to commit, on PGlite and PostgreSQL alike. One row per transaction, so two
 * allocations can never wait for each other (no deadlock).
 */
export async function lockPartySlot(tx: Db, date: string, slotId: string): Promise<void> {
  await tx.execute(sql`insert into party_slot_locks (party_date, slot_id) values (${date}::date, ${slotId})
    on conflict do nothing`);
  await tx.execute(sql`select 1 from party_slot_locks where party_date = ${date}::date and slot_id = ${slotId}
    for update`);
}

/**
 * Under the slot's lock: which room a party of this package gets, or null when none is free. Holds that
 * ran out are expired first (the sweep may not have come by), so they never keep a room from a family
 * (and a gift voucher that paid part of one's deposit gets its value back).
 * Private Hire is the whole barn: it needs every room free and, once live, leaves none.
 */
export async function freeRoomUnderLock(
  tx: Db,
  catalogue: PartyCatalogue,
  party: { date: string; slotId: string; packageId: string },
  now: Date,
): Promise<{ roomId: string | null } | null> {
  const { date, slotId } = party;
  const stale = rowsOf<{ id: string; gift_voucher_pence: number | string }>(
    await tx.execute(sql`update party_bookings set status = 'expired', updated_at = ${now}, version = version + 1
      where party_date = ${date}::date and slot_id = ${slotId} and status = 'held' and hold_expires_at <= ${now}
      returning id, gift_voucher_pence`),
  );
  await giveBackExpiredHoldVouchers(tx, stale, now); // slot, party, then voucher: the one lock order
  const taken = rowsOf<{ roomId: string | null }>(
    await tx.execute(sql`select room_id as "roomId" from party_bookings
      where party_date = ${date}::date and slot_id = ${slotId} and ${LIVE}`),
  );
  if (party.packageId === PRIVATE_HIRE) return taken.length === 0 ? { roomId: null } : null;
  if (taken.some((t) => t.roomId === null)) return null;
  const free = catalogue.partyBooking.value.rooms.find((r) => !taken.some((t) => t.roomId === r.id));
  return free ? { roomId: free.id } : null;
}

export type Closure = { date: string; sessionId: string | null };

/**
 * Whether a closure in the catalogue shuts a party slot: a whole-day closure shuts every slot; a closed
 * session shuts the party slots whose times overlap it.
 */
export function slotClosed(
  slot: Pick<PartySlot, 'start' | 'end'>,
  closures: readonly Closure[],
  sessions: PartyCatalogue['sessions'],
): boolean {
  return closures.some((c) => {
    if (c.sessionId === null) return true;
    const s = sessions.find((x) => x.id === c.sessionId);
    return s !== undefined && s.start < slot.end && slot.start < s.end;
  });
}

export async function closuresOn(db: Db, from: string, to: string): Promise<Closure[]> {
  return rowsOf<Closure>(
    await db.execute(sql`select to_char(date, 'YYYY-MM-DD') as date, session_id as "sessionId"
      from session_restrictions where date between ${from}::date and ${to}::date`),
  );
}
