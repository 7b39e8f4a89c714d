import { eq } from 'drizzle-orm';
import type { StaffPartyMoveResponse } from '../../../shared/contracts/admin-parties';
import { todayInLondon } from '../../../shared/dates';
import { catalogueOf, publicCatalogue } from '../../catalogue/catalogue-store';
import type { Db } from '../../db/client';
import { pgErrorCode } from '../../db/pg-error';
import { partyBookings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { enqueueMail } from '../../mail/enqueue-mail';
import { writeAudit } from '../../staff/audit';
import { closuresOn, freeRoomUnderLock, lockPartySlot, slotClosed } from '../allocate-room';
import { slotTaken } from '../hold-party';
import { assertPartySlotOnSale } from '../party-rules';
import { lockPartySettings } from '../party-settings-lock';
import { slotForPackage } from '../../catalogue/party-settings';
import { findParty, lockParty, partyOf } from '../party-view';
import { partyNames } from '../../catalogue/party-settings';
import { partyMovedMail } from './party-staff-mails';

/**
 * Staff move a held or confirmed party to another date and slot (issue 28), at the price it was sold for.
 * The same lock rules as a new hold: in one transaction both slots' lock rows are locked, in one fixed
 * order (date, then slot id) so two moves crossing the same two slots never wait for each other, then
 * the party (the order confirm-party uses: slot before party); only then is a free room looked for
 * (409 party_slot_taken when there is none). Audited, and the family is e-mailed.
 */
export async function staffMoveParty(opts: {
  db: Db;
  id: string;
  date: string;
  slotId: string;
  actor: string;
  now: Date;
}): Promise<StaffPartyMoveResponse> {
  const { db, now, date, slotId } = opts;
  const catalogue = await catalogueOf(db);
  const { venue } = await publicCatalogue(db, now);
  try {
    return await db.transaction(async (tx) => {
      const seen = await findParty(tx, opts.id, { lock: false });
      const slot = slotForPackage(catalogue, seen.packageId, slotId);
      assertPartySlotOnSale(date, slot, now, catalogue.partyBooking.value);
      if (seen.partyDate === date && seen.slotId === slotId)
        throw new AppError('party_same_slot', 'The party is already at that date and time.');
      const locks = [
        [seen.partyDate, seen.slotId],
        [date, slotId],
      ].sort(([d1, s1], [d2, s2]) => d1!.localeCompare(d2!) || s1!.localeCompare(s2!));
      for (const [d, s] of locks) await lockPartySlot(tx, d!, s!);
      // The slot and room checked against the live party settings, not a removed one (party-settings-lock.ts).
      await lockPartySettings(tx, catalogue, now);
      const row = await lockParty(tx, opts.id);
      // Moved by someone else between the first read and the locks: the locks held are not its slot's.
      if (row.partyDate !== seen.partyDate || row.slotId !== seen.slotId)
        throw new AppError('stale_version', 'Someone else moved this party just now. Please look at it again.');
      if ((row.status !== 'held' && row.status !== 'confirmed') || row.partyDate < todayInLondon(now))
        throw new AppError(
          'party_not_movable',
          'Only a held or confirmed party that has not happened yet can be moved.',
        );
      if (slotClosed(slot, await closuresOn(tx, date, date), catalogue.sessions))
        throw new AppError('party_date_closed', 'Sorry, we are closed then. Please choose another date or time.');
      const room = await freeRoomUnderLock(
        tx,
        catalogue,
        { date, slotId, packageId: row.packageId, exceptId: row.id },
        now,
      );
      if (!room) throw slotTaken();
      const [moved] = await tx
        .update(partyBookings)
        .set({
          partyDate: date,
          slotId,
          roomId: room.roomId,
          // The balance reminders count from the new date.
          balanceReminder14At: null,
          balanceReminder8At: null,
          updatedAt: now,
          version: row.version + 1,
        })
        .where(eq(partyBookings.id, row.id))
        .returning();
      await writeAudit(tx, {
        actor: opts.actor,
        action: 'party_moved',
        subjectType: 'party',
        subjectId: row.id,
        details: {
          from: { date: row.partyDate, slotId: row.slotId, roomId: row.roomId },
          to: { date, slotId, roomId: room.roomId },
        },
      });
      await enqueueMail(
        tx,
        partyMovedMail({ ...partyOf(moved!), ...partyNames(catalogue, moved!) }, { venue, at: now }),
      );
      return { status: 'moved' as const, date, slotId, roomId: room.roomId };
    });
  } catch (err) {
    // The live-room unique index is the backstop, as in hold-party.
    if (pgErrorCode(err) === '23505') throw slotTaken();
    throw err;
  }
}
