import { enforcePendingPaymentCap, type PendingPaymentClient } from '../abuse/pending-payment-cap';
import { newBookingReference } from '../bookings/booking-codes';
import { catalogueOf } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { pgErrorCode } from '../db/pg-error';
import { partyBookings } from '../db/schema';
import { AppError } from '../http/errors';
import { closuresOn, freeRoomUnderLock, lockPartySlot, slotClosed } from './allocate-room';
import { partyPrice, withVipDiscount } from './party-price';
import { lockPartySettings } from './party-settings-lock';
import { assertPartySlotOnSale } from './party-rules';
import { slotForPackage, type PartyCatalogue } from '../catalogue/party-settings';
import { partyOf, type PartyBooking } from './party-view';

/** What a family asks for: the party's own fields, before a room, a price and a status are given. */
export type HoldPartyInput = Pick<
  PartyBooking,
  | 'date'
  | 'slotId'
  | 'packageId'
  | 'children'
  | 'childFirstName'
  | 'childAge'
  | 'parentName'
  | 'parentEmail'
  | 'parentPhone'
>;

/** A party's public reference: a ticket booking's alphabet and length, PTP- instead of PTB- (PTP-7K3Q9X). */
const newPartyReference = () => `PTP-${newBookingReference().slice('PTB-'.length)}`;

/** What the family's online form adds to a hold (a staff hold for a phone caller has none of it). */
export type HoldPartyExtras = {
  /** One food option id per child (validated by the caller against the catalogue's menu). */
  foodChoices?: string[];
  dietaryNotes?: string;
  /**
   * The VIP Party Discount: taken off the price, and `reserve` runs in the hold's transaction once the party
   * has its id and reference (a voucher that is no longer free throws, and the hold is rolled back).
   */
  vipDiscount?: { reserve: (tx: Db, party: { id: string; reference: string }) => Promise<void> };
  /**
   * The family's own online request: its unpaid holds are capped (first thing in the transaction, before
   * the slot's lock), and its client address is kept with the hold for the count.
   */
  client?: PendingPaymentClient;
  /** A staff member's phone booking: who made it (kept on the party). */
  createdByStaff?: string;
  /** Runs in the hold's transaction once the party is written (a staff booking's audit and mail). */
  afterInsert?: (tx: Db, party: PartyBooking) => Promise<void>;
};

export const slotTaken = () =>
  new AppError('party_slot_taken', 'Sorry, that party slot was just taken. Please choose another time.');

/**
 * Holds a room for a party while the family pays the deposit (DECISIONS.md "Parties online"). Everything
 * the request can get wrong is refused before the transaction; in it, the date-and-slot's lock row is
 * locked, and only then are closures and rooms read and the party written, so two families never get one
 * room; a catalogue copy older than the party settings stored is refused there (409), so a room or slot
 * just removed is never sold. `catalogue` is the live one unless a caller passes its own.
 */
export async function holdParty(
  db: Db,
  input: HoldPartyInput,
  now: Date,
  given?: PartyCatalogue,
  extras: HoldPartyExtras = {},
): Promise<PartyBooking> {
  const catalogue = given ?? (await catalogueOf(db));
  const slot = slotForPackage(catalogue, input.packageId, input.slotId);
  const listPrice = partyPrice(catalogue, input.packageId, input.children, input.date);
  const price = extras.vipDiscount ? withVipDiscount(listPrice, catalogue.partyBooking.value.depositPence) : listPrice;
  assertPartySlotOnSale(input.date, slot, now, catalogue.partyBooking.value);
  if (!Number.isSafeInteger(input.childAge) || input.childAge < 1 || input.childAge > 17)
    throw new AppError('invalid_input', 'Please give the birthday child’s age.', {
      fields: { childAge: ['Please choose an age from 1 to 17'] },
    });
  const holdExpiresAt = new Date(now.getTime() + catalogue.partyBooking.value.holdMinutes * 60_000);
  try {
    const row = await db.transaction(async (tx) => {
      if (extras.client)
        await enforcePendingPaymentCap(tx, { kind: 'party', email: input.parentEmail, client: extras.client, now });
      await lockPartySlot(tx, input.date, input.slotId);
      await lockPartySettings(tx, catalogue, now);
      if (slotClosed(slot, await closuresOn(tx, input.date, input.date), catalogue.sessions))
        throw new AppError('party_date_closed', 'Sorry, we are closed then. Please choose another date or time.');
      const room = await freeRoomUnderLock(tx, catalogue, input, now);
      if (!room) throw slotTaken();
      for (;;) {
        const [inserted] = await tx
          .insert(partyBookings)
          .values({
            reference: newPartyReference(),
            partyDate: input.date,
            slotId: input.slotId,
            roomId: room.roomId,
            packageId: input.packageId,
            children: input.children,
            childFirstName: input.childFirstName,
            childAge: input.childAge,
            parentName: input.parentName,
            parentEmail: input.parentEmail,
            parentPhone: input.parentPhone,
            status: 'held',
            holdExpiresAt,
            depositPence: price.depositPence,
            totalPence: price.totalPence,
            priceLines: price.lines,
            foodChoices: extras.foodChoices ?? [],
            dietaryNotes: extras.dietaryNotes ?? '',
            clientAddress: extras.client?.address ?? null,
            createdByStaff: extras.createdByStaff ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: partyBookings.reference })
          .returning();
        if (!inserted) continue; // a clashing reference (1 in ~900 million): another one
        await extras.vipDiscount?.reserve(tx, inserted);
        await extras.afterInsert?.(tx, partyOf(inserted));
        return inserted;
      }
    });
    return partyOf(row);
  } catch (err) {
    // The unique index is the backstop: a room given twice would fail here, never be sold twice.
    if (pgErrorCode(err) === '23505') throw slotTaken();
    throw err;
  }
}
