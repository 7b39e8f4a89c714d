import { and, eq, sql } from 'drizzle-orm';
import { EVENT_HOLD_MINUTES, type EventHoldInput } from '../../shared/contracts/events';
import { rowsOf, type Db } from '../db/client';
import { eventBookings, eventQueueEntries, eventSlots, payments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { findEvent, type EventRow } from './event-store';
import { verifyEventToken } from './event-tokens';
import { expireEventHolds, releaseEventBooking } from './expire-event-holds';

/** The server's price: per child and per grown-up at the event's own prices (band prices never apply). */
export const eventPrice = (e: EventRow, children: number, adults: number) =>
  children * e.childPricePence + adults * e.adultPricePence;

const admissionRefused = () =>
  new AppError('admission_invalid', 'Your turn in the queue has ended or this link is not valid. Please join again.');

/**
 * Takes the places for one family's whole group, in one slot or not at all, never past the family's cap
 * (by proven e-mail, across tokens: an advisory lock per event and address, then its live bookings counted)
 * and never past the slot's places (one conditional update, the only way places are taken). With the
 * queue, the admission token is checked and spent here (one hold per token). Expired holds of the event
 * give their places back first, so the next admitted family gets them at once.
 */
async function takePlaces(
  db: Db,
  event: EventRow,
  o: { input: EventHoldInput; email: string; entryId: string | null; now: Date; provider: 'stripe' | 'test' },
) {
  const { input, now } = o;
  const places = input.children.length + input.adults;
  if (places < 1)
    throw new AppError('invalid_input', 'Please add at least one child or grown-up.', {
      fields: { children: ['Please add at least one child or grown-up'] },
    });
  const totalPence = eventPrice(event, input.children.length, input.adults);
  return db.transaction(async (tx) => {
    await expireEventHolds(tx, now, event.id);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`event-family:${event.id}:${o.email}`}, 0))`);
    const [mine] = rowsOf<{ places: number }>(
      await tx.execute(sql`
        select coalesce(sum(places), 0)::int as places from event_bookings
         where event_id = ${event.id} and email = ${o.email} and status in ('held', 'paid')`),
    );
    if (Number(mine?.places ?? 0) + places > event.familyCap)
      throw new AppError(
        'family_cap_reached',
        `This event allows ${event.familyCap} places a family; you have ${mine?.places ?? 0} already.`,
      );
    if (o.entryId) {
      const spent = await tx
        .update(eventQueueEntries)
        .set({ usedAt: now })
        .where(and(eq(eventQueueEntries.id, o.entryId), sql`${eventQueueEntries.usedAt} is null`))
        .returning({ id: eventQueueEntries.id });
      if (!spent.length) throw new AppError('admission_used', 'This turn in the queue has already held places.');
    }
    const taken = await tx
      .update(eventSlots)
      .set({ taken: sql`${eventSlots.taken} + ${places}` })
      .where(
        and(
          eq(eventSlots.id, input.slotId),
          eq(eventSlots.eventId, event.id),
          sql`${eventSlots.taken} + ${places} <= ${eventSlots.places}`,
          sql`${eventSlots.startsAt} > ${now.toISOString()}`,
        ),
      )
      .returning({ id: eventSlots.id });
    if (!taken.length)
      throw new AppError('capacity_exhausted', 'There are not enough places left in that slot for your group.');
    const [booking] = await tx
      .insert(eventBookings)
      .values({
        eventId: event.id,
        slotId: input.slotId,
        queueEntryId: o.entryId,
        email: o.email,
        children: input.children.map((c) => ({ firstName: c.firstName, age: c.age, note: c.note })),
        adults: input.adults,
        places,
        totalPence,
        expiresAt: new Date(now.getTime() + EVENT_HOLD_MINUTES * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(payments).values({
      purpose: 'event',
      eventBookingId: booking!.id,
      provider: o.provider,
      amountPence: totalPence,
      createdAt: now,
      updatedAt: now,
    });
    return booking!;
  });
}

/**
 * POST /api/events/:id/hold: the places (takePlaces), then the provider's payment after commit, through the
 * one payment path (the event seller). A payment that cannot even start gives the places back at once.
 */
export async function holdEventPlaces(
  opts: PaymentDeps & { eventId: string; input: EventHoldInput; email: string; now: Date },
) {
  const { db, now, input } = opts;
  const event = await findEvent(db, opts.eventId);
  if (now < event.onSaleAt) throw new AppError('event_not_on_sale', 'This event is not on sale yet.');
  let entryId: string | null = null;
  if (event.usesQueue) {
    entryId = input.admission
      ? await verifyEventToken(db, 'admission', input.admission, { eventId: event.id, now })
      : null;
    if (!entryId) throw admissionRefused();
  }
  const booking = await takePlaces(db, event, { input, email: opts.email, entryId, now, provider: opts.provider.name });
  let created: { providerPaymentId: string; clientSecret: string };
  try {
    created = await opts.provider.createPayment({
      amountPence: booking.totalPence,
      idempotencyKey: `event-${booking.id}`,
      description: `${event.name}: ${booking.places} places`,
      email: opts.email,
      metadata: { eventBookingId: booking.id },
    });
  } catch (err) {
    opts.log?.error({ err, eventBookingId: booking.id }, 'payment provider refused to create an event payment');
    await db.transaction((tx) => releaseEventBooking(tx, booking.id, now, 'cancelled'));
    throw new AppError('payment_unavailable', 'We could not start the payment just now. Please try again in a moment.');
  }
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, clientSecret: created.clientSecret, updatedAt: now })
    .where(eq(payments.eventBookingId, booking.id));
  return {
    bookingId: booking.id,
    clientSecret: created.clientSecret,
    totalPence: booking.totalPence,
    places: booking.places,
    expiresAt: booking.expiresAt.toISOString(),
  };
}
