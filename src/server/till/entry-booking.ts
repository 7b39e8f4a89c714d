import { eq } from 'drizzle-orm';
import { adjustTaken, lockOccupancy, sessionsCounted, takePlaces } from '../bookings/capacity';
import { insertHeldBooking } from '../bookings/insert-held-booking';
import { releasePlaces } from '../bookings/places';
import { visitEnd } from '../bookings/visit-time';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { admitBooking } from '../checkin/check-in-booking';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { AppError } from '../http/errors';
import { hashToken, newToken } from '../security/tokens';
import type { PricedBasket } from './price-basket';

/** The walk-in booking behind a till sale's entry is nobody's family: this address receives nothing. */
export const tillBookingEmail = (saleId: string) => `till+${saleId}@walk-in.invalid`;

/**
 * Entry sold at the till is a walk-in booking for the session on now or next, through the booking's own
 * capacity path (takePlaces: the occupancy rows locked, checked and taken in one statement), so the till
 * and the website racing for the last places never oversell. Its money is the till sale's (the booking's
 * final price is 0: the Overview counts the sale, not the booking); it holds its places until the session
 * ends. Confirmed at once when paid (no mail: there is no address), pending while a card is on the reader.
 */
export async function takeEntryPlaces(
  tx: Db,
  o: { basket: PricedBasket; saleId: string; saleNumber: number; paid: boolean; now: Date },
): Promise<string | null> {
  const entry = o.basket.entry;
  const entryLines = o.basket.lines.filter((l) => l.kind === 'entry');
  if (!entry || entryLines.length === 0) return null;
  const clock = await publicCatalogue(tx, o.now);
  const byType = new Map<string, { quantity: number; unitPence: number; title: string }>();
  for (const l of entryLines) {
    const was = byType.get(l.itemId);
    byType.set(l.itemId, { quantity: (was?.quantity ?? 0) + l.quantity, unitPence: l.unitPence, title: l.description });
  }
  const order = {
    lines: [...byType].map(([ticketTypeId, t]) => ({
      ticketTypeId,
      title: t.title,
      quantity: t.quantity,
      unitPricePence: t.unitPence,
      unitFeePence: 0,
    })),
    totalPence: entryLines.reduce((sum, l) => sum + l.totalPence, 0),
    places: o.basket.places,
  };
  const email = tillBookingEmail(o.saleId);
  const booking = await insertHeldBooking(tx, {
    customerName: `Till sale ${o.saleNumber}`,
    customerEmail: email,
    customerPhone: '',
    visitDate: entry.date,
    sessionId: entry.sessionId,
    specialRequests: '',
    loyaltyOptIn: false,
    order,
    finalPence: 0,
    credits: { used: 0, savingsPence: 0, email },
    holdExpiresAt: visitEnd(entry.date, entry.sessionId, clock),
    viewerSecretHash: hashToken(newToken()),
    paymentProvider: null,
    now: o.now,
  });
  if (order.places > 0 && !(await takePlaces(tx, entry.date, sessionsCounted(entry.sessionId, []), order.places)))
    throw new AppError('item_unavailable', `Sorry, ${entry.label} is now full. Please take the entry off the sale.`);
  if (o.paid) await confirmEntry(tx, booking.id, o.now);
  return booking.id;
}

/** The entry paid: the booking confirmed (no mail, no points: a walk-in at the counter). */
export async function confirmEntry(tx: Db, bookingId: string, now: Date): Promise<void> {
  await tx
    .update(bookings)
    .set({ status: 'confirmed', confirmedAt: now, holdExpiresAt: null, updatedAt: now })
    .where(eq(bookings.id, bookingId));
}

/** Checked in at once, when staff ticked it (the check-in row, its audit entry, in the sale's transaction). */
export async function checkInEntry(tx: Db, bookingId: string, o: { actor: string; now: Date }): Promise<void> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!b) throw new Error(`till booking ${bookingId} vanished`);
  await admitBooking(
    tx,
    { id: b.id, visitDate: b.visitDate, email: b.customerEmail },
    {
      actor: o.actor,
      numberPlate: null,
      checkedInAt: o.now,
      details: { till: true },
    },
  );
}

/** A voided or refunded entry gives its places back to the session (the booking cancelled). */
export async function returnEntryPlaces(tx: Db, bookingId: string, now: Date, places?: number): Promise<void> {
  const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!b) return;
  if (places === undefined || places >= b.places) {
    await releasePlaces(tx, b);
    await tx.update(bookings).set({ status: 'cancelled', updatedAt: now }).where(eq(bookings.id, b.id));
    return;
  }
  // Part of the entry refunded: those places only (the booking keeps the rest).
  const ids = sessionsCounted(b.sessionId, []);
  await lockOccupancy(tx, b.visitDate, ids);
  await adjustTaken(tx, b.visitDate, ids, -places);
  await tx
    .update(bookings)
    .set({ places: b.places - places, updatedAt: now })
    .where(eq(bookings.id, b.id));
}
