import { sql } from 'drizzle-orm';
import { slotsClash, type PartySlot } from '../../shared/catalogue';
import { rowsOf, type Db } from '../db/client';
import { giveBackExpiredHoldVouchers } from './party-gift-voucher';
import { PRIVATE_HIRE, type PartyCatalogue } from '../catalogue/party-settings';

/** The statuses that occupy a room (the partial unique index's). */
export const LIVE = sql`status in ('held', 'confirmed')`;

/**
 * Makes the date's lock row on first use, then locks it: every allocation on that date waits here for the
 * one before it to commit, on PGlite and PostgreSQL alike. The whole date, not the slot: slots of different
 * lengths overlap, and a room needs time to clear between parties, so a party in one slot can take the
 * room another slot needs. One row per date (the slot id column holds '*'); a move that locks two dates
 * takes them in date order, so two allocations never wait for each other (no deadlock). `slotId` is kept
 * for the callers' sake and not used.
 */
export async function lockPartySlot(tx: Db, date: string, _slotId: string): Promise<void> {
  await tx.execute(sql`insert into party_slot_locks (party_date, slot_id) values (${date}::date, '*')
    on conflict do nothing`);
  await tx.execute(sql`select 1 from party_slot_locks where party_date = ${date}::date and slot_id = '*'
    for update`);
}

/** A live party on a date: its slot and room (null: Private Hire, the whole barn). */
export type LiveParty = { slotId: string; roomId: string | null };

/**
 * The rooms free for a slot given the date's live parties: a room is taken by a party in this slot or in
 * one too close to it (overlapping, or less than `clearMinutes` apart: slotsClash), and a Private Hire
 * party too close takes every room. A party whose slot has since been removed from the catalogue counts
 * in its own slot id only. `barnFree`: no live party is too close at all, which Private Hire needs.
 */
export function roomsFreeFor(
  catalogue: PartyCatalogue,
  slot: PartySlot,
  live: readonly LiveParty[],
): { rooms: string[]; barnFree: boolean } {
  const settings = catalogue.partyBooking.value;
  const near = live.filter((p) => {
    if (p.slotId === slot.id) return true;
    const other = settings.slots.find((s) => s.id === p.slotId);
    return other !== undefined && slotsClash(slot, other, settings.clearMinutes);
  });
  if (near.some((p) => p.roomId === null)) return { rooms: [], barnFree: false };
  return {
    rooms: settings.rooms.filter((r) => !near.some((p) => p.roomId === r.id)).map((r) => r.id),
    barnFree: near.length === 0,
  };
}

/**
 * Under the date's lock: which room a party of this package gets, or null when none is free. Holds that
 * ran out are expired first (the sweep may not have come by), so they never keep a room from a family
 * (and a gift voucher that paid part of one's deposit gets its value back).
 * Private Hire is the whole barn: it needs every room free and, once live, leaves none.
 * `exceptId`: a party being moved, which no longer stands in its own way.
 */
export async function freeRoomUnderLock(
  tx: Db,
  catalogue: PartyCatalogue,
  party: { date: string; slotId: string; packageId: string; exceptId?: string },
  now: Date,
): Promise<{ roomId: string | null } | null> {
  const { date, slotId } = party;
  const stale = rowsOf<{ id: string; gift_voucher_pence: number | string }>(
    await tx.execute(sql`update party_bookings set status = 'expired', updated_at = ${now}, version = version + 1
      where party_date = ${date}::date and status = 'held' and hold_expires_at <= ${now}
      returning id, gift_voucher_pence`),
  );
  await giveBackExpiredHoldVouchers(tx, stale, now); // slot, party, then voucher: the one lock order
  const live = rowsOf<LiveParty & { id: string }>(
    await tx.execute(sql`select id, slot_id as "slotId", room_id as "roomId" from party_bookings
      where party_date = ${date}::date and ${LIVE}`),
  ).filter((p) => p.id !== party.exceptId);
  const slot = catalogue.partyBooking.value.slots.find((s) => s.id === slotId);
  if (!slot) return null;
  const free = roomsFreeFor(catalogue, slot, live);
  if (party.packageId === PRIVATE_HIRE) return free.barnFree ? { roomId: null } : null;
  return free.rooms[0] ? { roomId: free.rooms[0] } : null;
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
