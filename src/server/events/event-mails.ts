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
