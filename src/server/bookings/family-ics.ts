import { bookingIcs } from './booking-ics';
import { loadBookingDetails } from './booking-details';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';

/**
 * GET /api/family/bookings/{id}/ics: My Bookings' "Add to calendar". The e-mailed .ics is an attachment the
 * page cannot reach, so the family session serves the same event. Only a confirmed visit goes in a calendar.
 */
export async function familyBookingIcs(
  db: Db,
  bookingId: string,
  now: Date,
): Promise<{ filename: string; body: string }> {
  const b = await loadBookingDetails(db, bookingId);
  if (!b || b.status !== 'confirmed')
    throw new AppError('not_confirmed', 'Only a confirmed booking can be added to your calendar.');
  return { filename: `playtimebarn-${b.reference}.ics`, body: bookingIcs(b, now, await publicCatalogue(db, now)) };
}
