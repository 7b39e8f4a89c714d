import type { PublicCatalogue } from '../../shared/catalogue';
import { buildIcs } from './ics';
import { visitEnd, visitStart } from './visit-time';

/** What a visit's calendar event shows of the venue: the catalogue's, as the event is built. */
export type IcsCatalogue = Pick<PublicCatalogue, 'venue' | 'openingHours' | 'sessions'>;

/** What the event shows of a booking (a MailBooking has it; declared here so the mails can import this file). */
export type IcsBooking = {
  id: string;
  reference: string;
  visitDate: string;
  sessionId: string | null;
  lines: { title: string; quantity: number }[];
};

/**
 * The visit as a calendar event: attached to the confirmation e-mail and offered on My Bookings. One
 * builder, so both carry the same UID and a calendar that imports both keeps one event.
 */
export function bookingIcs(b: IcsBooking, now: Date, catalogue: IcsCatalogue): string {
  const { venue, openingHours } = catalogue;
  const tickets = b.lines.map((l) => `${l.quantity} x ${l.title}`);
  return buildIcs({
    // A fixed domain, not the venue's address: the UID must stay the same for the event's whole life.
    uid: `${b.id}@playtimebarn.co.uk`,
    start: visitStart(b.visitDate, b.sessionId, catalogue),
    end: visitEnd(b.visitDate, b.sessionId, catalogue),
    summary: `${venue.name} visit (${b.reference})`,
    location: `${venue.name}, ${venue.fullAddress}`,
    description: `Booking ${b.reference}: ${tickets.join(', ')}. Please arrive ${openingHours.arriveEarlyMinutes} minutes early. ${venue.phone}`,
    now,
  });
}
