import { longDate } from '../../shared/date-text';
import { formatPence } from '../../shared/money';
import { loadBookingDetails } from '../bookings/booking-details';
import type { Db } from '../db/client';
import { enqueueMail } from '../mail/enqueue-mail';
import { catalogueOf } from '../catalogue/catalogue-store';

/**
 * The apology to a family whose visit a closure cancelled, with the reason staff gave: the cancellation
 * mail itself (bookings/booking-mails.ts) says only that it is cancelled and refunded. One per booking
 * (its dedupe key), listed with the booking's other mails in the staff booking detail. Plain text only:
 * the reason and the family's name are shown as typed, never as HTML.
 */
export async function enqueueClosureApology(opts: {
  db: Db;
  bookingId: string;
  reason: string;
  refundPence: number;
}): Promise<void> {
  const b = await loadBookingDetails(opts.db, opts.bookingId);
  if (!b) return;
  const { name, phone } = (await catalogueOf(opts.db)).venue.value;
  const firstName = b.customerName.trim().split(/\s+/)[0] ?? b.customerName;
  const refund =
    opts.refundPence > 0
      ? `We are refunding everything you paid, ${formatPence(opts.refundPence)}, to the card you paid with. Refunds usually show within 5-10 working days.`
      : b.creditsUsed
        ? 'The session credits you used are back in your account.'
        : '';
  const text = [
    `Hello ${firstName},`,
    '',
    `We are very sorry: we have had to cancel your booking ${b.reference} for ${longDate(b.visitDate)}, ${b.sessionLabel}.`,
    '',
    opts.reason,
    '',
    ...(refund ? [refund, ''] : []),
    `We would love to see you another day: book again online, or call us on ${phone}.`,
    '',
    name,
    phone,
  ].join('\n');
  await enqueueMail(opts.db, {
    template: 'booking-closure-apology',
    to: b.customerEmail,
    subject: `Sorry, we have had to cancel your visit: ${b.reference} - ${name}`,
    text,
    dedupeKey: `booking-apology:${b.id}`,
  });
}
