import { eq } from 'drizzle-orm';
import { catalogueOf } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { partyBookings } from '../db/schema';
import { AppError } from '../http/errors';
import { freeRoomUnderLock, lockPartySlot } from './allocate-room';
import { currentPartySettings } from './party-settings-lock';
import type { PartyCatalogue } from '../catalogue/party-settings';
import { findParty, lockParty, partyOf, type PartyBooking } from './party-view';

/**
 * The deposit is paid: the held party is confirmed. A payment that lands after the hold ran out gets the
 * party back only if a room is still free then ('party_hold_expired' otherwise, for the payment step to
 * refund), chosen from the party settings as they are then (currentPartySettings). Locks the slot first
 * and the party after, as every allocation does, so a confirm and a hold of the same slot never wait for
 * each other; a late payment then shares the settings row, which only the editor takes alone (and it
 * takes nothing else).
 */
export async function confirmParty(
  db: Db,
  id: string,
  now: Date,
  given?: PartyCatalogue,
): Promise<{ party: PartyBooking; outcome: 'confirmed' | 'already_confirmed' }> {
  const catalogue = given ?? (await catalogueOf(db));
  return db.transaction(async (tx) => {
    const where = await findParty(tx, id, { lock: false });
    await lockPartySlot(tx, where.partyDate, where.slotId);
    const row = await lockParty(tx, id);
    if (row.status === 'confirmed') return { party: partyOf(row), outcome: 'already_confirmed' as const };
    if (row.status === 'cancelled') throw new AppError('cancelled', 'This party was cancelled.');
    let roomId = row.roomId;
    if (row.status === 'expired') {
      const room = await freeRoomUnderLock(
        tx,
        await currentPartySettings(tx, catalogue, now),
        { date: row.partyDate, slotId: row.slotId, packageId: row.packageId },
        now,
      );
      if (!room)
        throw new AppError('party_hold_expired', 'The time to pay ran out and that party slot has since been taken.');
      roomId = room.roomId;
    }
    const [updated] = await tx
      .update(partyBookings)
      .set({ status: 'confirmed', roomId, holdExpiresAt: null, updatedAt: now, version: row.version + 1 })
      .where(eq(partyBookings.id, row.id))
      .returning();
    return { party: partyOf(updated!), outcome: 'confirmed' as const };
  });
}
