import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eventBookings, eventSlots } from '../db/schema';
import { lockAndAdvancePayment, recordRefundAtProvider, refundLatePayment } from '../payments/advance-payment';
import type { PaymentReport, Seller, SellerApplied } from '../payments/sellers';
import { enqueueEventLateRefund, enqueueEventTicket } from './event-mails';
import { releaseEventBooking } from './expire-event-holds';

/**
 * Money that arrives after the hold ran out: the places are taken again if the slot still has them (one
 * conditional update, as at the hold), else all of it goes back.
 */
async function lateMoney(tx: Db, booking: typeof eventBookings.$inferSelect, now: Date): Promise<boolean> {
  const again = await tx
    .update(eventSlots)
    .set({ taken: sql`${eventSlots.taken} + ${booking.places}` })
    .where(
      sql`${eventSlots.id} = ${booking.slotId} and ${eventSlots.taken} + ${booking.places} <= ${eventSlots.places}`,
    )
    .returning({ id: eventSlots.id });
  if (!again.length) return false;
  await tx
    .update(eventBookings)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(eq(eventBookings.id, booking.id));
  return true;
}

/**
 * An event booking's payment (issue 51), inside applyPaymentStatus's transaction: the booking, then the
 * payment, locked; paid once it succeeds; a failed or cancelled payment gives the places back at once.
 */
async function applyEventPayment(tx: Db, report: PaymentReport): Promise<SellerApplied> {
  const unknown = { result: { outcome: 'unknown_payment' as const }, refundPaymentId: null };
  const [booking] = await tx.select().from(eventBookings).where(eq(eventBookings.id, report.subjectId)).for('update');
  if (!booking) return unknown;
  const locked = await lockAndAdvancePayment(tx, report);
  if (!locked) return unknown;
  const { payment, next } = locked;
  if (!next)
    return {
      result: { outcome: 'unchanged', paymentStatus: payment.status, bookingStatus: null },
      refundPaymentId: null,
    };
  const updated = { outcome: 'updated' as const, paymentStatus: next, bookingStatus: null };
  const { now } = report;
  if (next === 'succeeded') {
    if (booking.status === 'held') {
      await tx
        .update(eventBookings)
        .set({ status: 'paid', paidAt: now, updatedAt: now })
        .where(eq(eventBookings.id, booking.id));
    } else if (booking.status !== 'paid' && !(await lateMoney(tx, booking, now))) {
      await refundLatePayment(tx, payment, 'late_payment');
      // Said to the card form as every seller says it: the family is told its money went back.
      return { result: { ...updated, bookingStatus: 'refunded' }, refundPaymentId: payment.id };
    }
    if (booking.status !== 'paid') await enqueueEventTicket(tx, booking.id, report.catalogue.venue);
  } else if (next === 'failed' || next === 'canceled') {
    await releaseEventBooking(tx, booking.id, now, 'cancelled');
  } else if (next === 'refunded') {
    if (booking.status === 'paid') {
      await tx
        .update(eventBookings)
        .set({ status: 'cancelled', updatedAt: now })
        .where(eq(eventBookings.id, booking.id));
      await tx
        .update(eventSlots)
        .set({ taken: sql`${eventSlots.taken} - ${booking.places}` })
        .where(eq(eventSlots.id, booking.slotId));
    }
    await recordRefundAtProvider(tx, payment, now);
  }
  return { result: updated, refundPaymentId: null };
}

/** Special events' places, as payments knows them (payments/sellers.ts): their own kind of takings. */
export const eventSeller: Seller = {
  name: 'event',
  takingsKind: 'events',
  subjectOf: (payment) => payment.eventBookingId,
  applyStatus: applyEventPayment,
  // Late money refunded because the slot was full by then: the family is told why.
  refundCarriedOut: async (tx, payment, venue) => {
    if (payment.refundReason === 'late_payment') await enqueueEventLateRefund(tx, payment, venue);
  },
};
