import { eq } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import { formatPence } from '../../shared/money';
import type { Db } from '../db/client';
import { eventBookings, eventSlots, events } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';

const when = (d: Date) =>
  d.toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/London' });

/**
 * The family's ticket once its places are paid, in the transaction that marks them paid (once: its dedupe
 * key is the booking). Says the slot, the reference and each child's first name and age, as the sheet has them.
 */
export async function enqueueEventTicket(tx: Db, bookingId: string, venue: Pick<VenueView, 'name' | 'phone'>) {
  const [row] = await tx
    .select({
      b: eventBookings,
      startsAt: eventSlots.startsAt,
      lengthMinutes: eventSlots.lengthMinutes,
      name: events.name,
    })
    .from(eventBookings)
    .innerJoin(eventSlots, eq(eventSlots.id, eventBookings.slotId))
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(eq(eventBookings.id, bookingId));
  if (!row) return;
  const reference = row.b.id.slice(0, 8).toUpperCase();
  await enqueueMail(tx, {
    template: 'event-ticket',
    to: row.b.email,
    subject: `Your ticket: ${row.name} - ${venue.name}`,
    text: [
      `Your places for ${row.name} are booked and paid.`,
      '',
      `When: ${when(row.startsAt)} (${row.lengthMinutes} minutes)`,
      `Reference: ${reference}`,
      `Places: ${row.b.places} (${row.b.children.length} children, ${row.b.adults} grown-ups)`,
      ...row.b.children.map((c) => `- ${c.firstName}, ${c.age}`),
      `Paid: ${formatPence(row.b.totalPence)}`,
      '',
      'Please arrive a few minutes early and give your reference at the desk.',
      '',
      venue.name,
      venue.phone,
    ].join('\n'),
    dedupeKey: `event-ticket:${row.b.id}`,
  });
}

/**
 * Money that came after the hold ran out, when the slot had no places left for it: all of it went back
 * (DECISIONS.md "Memberships keep their money straight": every seller tells the family why). Once per payment.
 */
export async function enqueueEventLateRefund(
  tx: Db,
  payment: { id: string; eventBookingId: string | null; refundPence: number },
  venue: Pick<VenueView, 'name' | 'phone'>,
) {
  if (!payment.eventBookingId) return;
  const [row] = await tx
    .select({ email: eventBookings.email, name: events.name })
    .from(eventBookings)
    .innerJoin(events, eq(events.id, eventBookings.eventId))
    .where(eq(eventBookings.id, payment.eventBookingId));
  if (!row) return;
  await enqueueMail(tx, {
    template: 'event-late-refund',
    to: row.email,
    subject: `Your payment has been refunded: ${row.name} - ${venue.name}`,
    text: [
      `Your payment for ${row.name} arrived after your 10-minute hold had run out, and the places had gone to the`,
      `next families in the queue. We have refunded all of it: ${formatPence(payment.refundPence)}, back to the card you paid with`,
      'within 5 to 10 working days.',
      '',
      'We are sorry. If places come back, the event page shows them.',
      '',
      venue.name,
      venue.phone,
    ].join('\n'),
    dedupeKey: `event-late-refund:${payment.id}`,
  });
}
