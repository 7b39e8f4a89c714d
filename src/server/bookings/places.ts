import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bookings, sessionTimes } from '../db/schema';
import {
  type BookingCredits,
  canRetakeBookingCredits,
  retakeBookingCredits,
  returnBookingCredits,
} from '../credits/booking-credits';
import { canRetakeBookingVoucher, retakeBookingVoucher, returnBookingVoucher } from '../loyalty/booking-vouchers';
import {
  type BookingGiftVoucher,
  canRetakeBookingGiftVoucher,
  retakeBookingGiftVoucher,
  returnBookingGiftVoucher,
} from '../gift-vouchers/booking-gift-voucher';
import { adjustTaken, hasRoomFor, lockOccupancy, sessionsCounted } from './capacity';

/**
 * A booking's hold is its places, its session credits, its loyalty voucher and what a gift voucher paid:
 * they are released and taken back together.
 */
type BookingPlaces = BookingCredits &
  BookingGiftVoucher & {
    visitDate: string;
    sessionId: string | null;
    places: number;
    placesHeld: boolean;
    voucherId: string | null;
  };

export async function allSessionIds(tx: Db): Promise<string[]> {
  return (await tx.select({ id: sessionTimes.id }).from(sessionTimes)).map((r) => r.id);
}

/**
 * Gives a booking's places back, once: a no-op when they are not held. Its session credits go back
 * too (released if only reserved, restored if spent). The booking row must be locked.
 */
export async function releasePlaces(tx: Db, booking: BookingPlaces): Promise<void> {
  await returnBookingCredits(tx, booking, new Date());
  await returnBookingVoucher(tx, booking);
  await returnBookingGiftVoucher(tx, booking, new Date());
  if (!booking.placesHeld) return;
  const ids = sessionsCounted(booking.sessionId, await allSessionIds(tx));
  await lockOccupancy(tx, booking.visitDate, ids);
  await adjustTaken(tx, booking.visitDate, ids, -booking.places);
  await tx.update(bookings).set({ placesHeld: false, updatedAt: new Date() }).where(eq(bookings.id, booking.id));
}

/**
 * Takes a released booking's places (and its session credits) again if there is still room and the
 * family still has the credits (a payment that arrived late); otherwise takes nothing.
 */
export async function retakePlaces(tx: Db, booking: BookingPlaces): Promise<boolean> {
  if (booking.placesHeld) return true;
  if (!(await canRetakeBookingCredits(tx, booking))) return false; // locks the credit account before the occupancy rows
  if (!(await canRetakeBookingVoucher(tx, booking))) return false; // then the voucher
  if (!(await canRetakeBookingGiftVoucher(tx, booking))) return false; // (a booking has one voucher or the other)
  const ids = sessionsCounted(booking.sessionId, await allSessionIds(tx));
  const rows = await lockOccupancy(tx, booking.visitDate, ids);
  if (!hasRoomFor(rows, booking.places)) return false;
  await retakeBookingCredits(tx, booking, new Date());
  await retakeBookingVoucher(tx, booking);
  await retakeBookingGiftVoucher(tx, booking, new Date());
  await adjustTaken(tx, booking.visitDate, ids, booking.places);
  await tx.update(bookings).set({ placesHeld: true, updatedAt: new Date() }).where(eq(bookings.id, booking.id));
  return true;
}
