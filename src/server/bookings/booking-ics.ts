import { fullAddress, openingHours, venue } from '../../shared/venue';
import type { MailBooking } from './booking-mails';
import { buildIcs } from './ics';
import { visitEnd, visitStart } from './visit-time';

/**
 * The visit as a calendar event: attached to the confirmation e-mail and offered on My Bookings. One
 * builder, so both carry the same UID and a calendar that imports both keeps one event.
 */
export function bookingIcs(
  b: Pick<MailBooking, 'id' | 'reference' | 'visitDate' | 'sessionId' | 'lines'>,
  now: Date,
): string {
  const tickets = b.lines.map((l) => `${l.quantity} x ${l.title}`);
  return buildIcs({
    uid: `${b.id}@playtimebarn.co.uk`,
    start: visitStart(b.visitDate, b.sessionId),
    end: visitEnd(b.visitDate, b.sessionId),
    summary: `${venue.name} visit (${b.reference})`,
    location: `${venue.name}, ${fullAddress}`,
    description: `Booking ${b.reference}: ${tickets.join(', ')}. Please arrive ${openingHours.arriveEarlyMinutes} minutes early. ${venue.phone}`,
    now,
  });
}
