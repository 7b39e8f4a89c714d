import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bookings, sessionTimes } from '../db/schema';
import { adjustTaken, hasRoomFor, lockOccupancy, sessionsCounted } from './capacity';

type BookingPlaces = { id: string; visitDate: string; sessionId: string | null; places: number; placesHeld: boolean };

export async function allSessionIds(tx: Db): Promise<string[]> {
  return (await tx.select({ id: sessionTimes.id }).from(sessionTimes)).map((r) => r.id);
}

/** Gives a booking's places back, once: a no-op when they are not held. The booking row must be locked. */
export async function releasePlaces(tx: Db, booking: BookingPlaces): Promise<void> {
  if (!booking.placesHeld) return;
  const ids = sessionsCounted(booking.sessionId, await allSessionIds(tx));
  await lockOccupancy(tx, booking.visitDate, ids);
  await adjustTaken(tx, booking.visitDate, ids, -booking.places);
  await tx.update(bookings).set({ placesHeld: false, updatedAt: new Date() }).where(eq(bookings.id, booking.id));
}

/** Takes a released booking's places again if there is still room (a payment that arrived late). */
export async function retakePlaces(tx: Db, booking: BookingPlaces): Promise<boolean> {
  if (booking.placesHeld) return true;
  const ids = sessionsCounted(booking.sessionId, await allSessionIds(tx));
  const rows = await lockOccupancy(tx, booking.visitDate, ids);
  if (!hasRoomFor(rows, booking.places)) return false;
  await adjustTaken(tx, booking.visitDate, ids, booking.places);
  await tx.update(bookings).set({ placesHeld: true, updatedAt: new Date() }).where(eq(bookings.id, booking.id));
  return true;
}
