import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogueDocuments } from '../db/schema';
import { AppError } from '../http/errors';
import { loadCatalogue } from '../catalogue/load-catalogue';
import type { PartyCatalogue } from '../catalogue/party-settings';

const KEY = 'party_booking';

/**
 * 409 party_slot_taken, the code the family's form already answers by showing the times again: the
 * rooms, slots or packages it chose from may no longer be what is on sale.
 */
export const partyTimesChanged = () =>
  new AppError('party_slot_taken', 'Party times have just changed. Please try again.');

/**
 * Called in a hold's, a staff booking's or a move's transaction, after its slot locks and before it reads
 * rooms or writes a party: takes the party settings row FOR SHARE and refuses (409) when its version is
 * not that of the catalogue copy the request was checked and priced against. A process's copy can be up
 * to a second old, so without this a room or slot the editor has just removed could still be sold.
 *
 * Lock order (no cycle, so no deadlock): here, slot lock rows -> settings row FOR SHARE -> party rows.
 * The editor (admin-party-booking.ts) takes the settings row FOR UPDATE first and then only reads
 * party_bookings, never a slot lock or a party row. So a hold already holding the row makes the editor
 * wait until it commits (and then see its party); an editor holding it makes the hold wait, then read
 * the new version and refuse. Any number of holds share the row, so they never wait for each other here.
 *
 * A database that has never stored the settings has no row to lock: an empty one (version 0, read as
 * the defaults, as before) is stored first, so an editor's first edit and a hold still meet on one row.
 */
export async function lockPartySettings(tx: Db, catalogue: PartyCatalogue, now: Date): Promise<void> {
  if ((await lockSettingsRow(tx, now)) !== catalogue.partyBooking.version) throw partyTimesChanged();
}

/**
 * For a deposit that has already been paid, after its hold ran out (confirm-party.ts): there is no 409 to
 * give, so the room is chosen from the settings as they are now. Takes the row FOR SHARE as a hold does (same
 * place in the lock order), and answers the copy it was given when that is current, else the catalogue read
 * afresh in this transaction: a room the editor has just removed is never given to the late party.
 */
export async function currentPartySettings(tx: Db, catalogue: PartyCatalogue, now: Date): Promise<PartyCatalogue> {
  return (await lockSettingsRow(tx, now)) === catalogue.partyBooking.version ? catalogue : loadCatalogue(tx);
}

/** The settings row's version, locked FOR SHARE (an empty row stored first when there is none: see above). */
async function lockSettingsRow(tx: Db, now: Date): Promise<number | undefined> {
  const read = async () =>
    (
      await tx
        .select({ version: catalogueDocuments.version })
        .from(catalogueDocuments)
        .where(eq(catalogueDocuments.key, KEY))
        .for('share')
    )[0];
  let row = await read();
  if (!row) {
    await tx
      .insert(catalogueDocuments)
      .values({ key: KEY, value: {}, version: 0, updatedAt: now })
      .onConflictDoNothing();
    row = await read();
  }
  return row?.version;
}
