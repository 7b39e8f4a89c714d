import { eq } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import type { BookingStatus } from '../../shared/contracts/booking';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { reverseBookingPoints } from '../loyalty/booking-points';
import { enqueueMail } from '../mail/enqueue-mail';
import { lockAndAdvancePayment, recordRefundAtProvider, refundLatePayment } from '../payments/advance-payment';
import type { PaymentReport, PaymentRow, Seller, SellerApplied } from '../payments/sellers';
import { loadBookingDetails } from './booking-details';
import { refundMail, refundTold } from './booking-mails';
import { confirmBooking } from './confirm-booking';
import { releasePlaces, retakePlaces } from './places';

/** Tickets for a timed visit, as payments knows them (payments/sellers.ts). */
export const bookingSeller: Seller = {
  name: 'booking',
  takingsKind: 'tickets',
  subjectOf: (payment) => payment.bookingId,
  applyStatus: applyBookingPayment,
  refundCarriedOut: async (tx, payment, venue) => {
    // A cancellation's refund was told in its cancellation mail: one mail per cancellation, not two.
    if (!payment.bookingId || refundTold(payment)) return;
    const details = await loadBookingDetails(tx, payment.bookingId);
    if (details)
      await enqueueMail(
        tx,
        refundMail(details, { refundPence: payment.refundPence, reason: payment.refundReason ?? 'cancelled', venue }),
      );
  },
};

/**
 * The provider's report on a ticket booking's payment. Locks the booking then the payment (the order every
 * verb uses). A payment that succeeds after its hold was released is confirmed if room remains, else
 * refunded automatically (after commit; the sweep retries).
 */
async function applyBookingPayment(tx: Db, o: PaymentReport): Promise<SellerApplied> {
  const { now } = o;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, o.subjectId)).for('update');
  const locked = await lockAndAdvancePayment(tx, o);
  if (!locked) return { result: { outcome: 'unknown_payment' }, refundPaymentId: null };
  const { payment, next } = locked;
  const answer = (result: SellerApplied['result'], refundPaymentId: string | null = null) => ({
    result,
    refundPaymentId,
  });
  if (!next)
    return answer({ outcome: 'unchanged', paymentStatus: payment.status, bookingStatus: booking?.status ?? null });
  if (!booking) return answer({ outcome: 'updated', paymentStatus: next, bookingStatus: null });

  let status: BookingStatus = booking.status;
  let refundPaymentId: string | null = null;
  const setStatus = async (s: BookingStatus) => {
    status = s;
    await tx.update(bookings).set({ status: s, updatedAt: now }).where(eq(bookings.id, booking.id));
  };
  const open = ['pending', 'processing', 'failed', 'expired'].includes(booking.status);

  if (next === 'processing' && open) {
    // Bank debit: days to clear. The places stay held (taken again if the hold had run out).
    await retakePlaces(tx, booking);
    await setStatus('processing');
  } else if (next === 'succeeded' && open) {
    if (await retakePlaces(tx, booking)) {
      await confirmBooking(tx, {
        bookingId: booking.id,
        secret: o.secret,
        publicUrl: o.publicUrl,
        now,
        catalogue: o.catalogue,
      });
      status = 'confirmed';
    } else {
      await setStatus('refunded');
      await refundLatePayment(tx, payment);
      refundPaymentId = payment.id;
    }
  } else if (
    next === 'succeeded' &&
    (booking.status === 'cancelled' || booking.status === 'refunded') &&
    !payment.refundStatus
  ) {
    // Money for a booking we no longer honour: give it back, and say so to the card form (not "paid").
    await refundLatePayment(tx, payment);
    refundPaymentId = payment.id;
    status = 'refunded';
  } else if (next === 'failed' && (booking.status === 'pending' || booking.status === 'processing')) {
    // The family may retry the card while the hold lasts; after it (or a bank debit failing days later), places go back.
    await setStatus('failed');
    if (!booking.holdExpiresAt || booking.holdExpiresAt <= now) await releasePlaces(tx, booking);
  } else if (next === 'canceled' && ['pending', 'processing', 'failed'].includes(booking.status)) {
    await setStatus('failed');
    await releasePlaces(tx, booking);
  } else if (next === 'refunded') {
    await recordProviderRefund(tx, { booking, payment, now, venue: o.catalogue.venue });
    if (booking.status !== 'cancelled' && booking.status !== 'refunded') {
      await setStatus('refunded');
      await releasePlaces(tx, booking);
      if (booking.status === 'confirmed') await reverseBookingPoints({ tx, bookingId: booking.id });
    }
  }
  return answer({ outcome: 'updated', paymentStatus: next, bookingStatus: status }, refundPaymentId);
}

/** A refund made at the provider (staff in Stripe's dashboard, or ours confirmed by webhook). */
async function recordProviderRefund(
  tx: Db,
  o: { booking: typeof bookings.$inferSelect; payment: PaymentRow; now: Date; venue: VenueView },
): Promise<void> {
  if (!(await recordRefundAtProvider(tx, o.payment, o.now))) return;
  // Our own cancellation's refund, reported before executeDueRefund recorded it: its mail has gone.
  if (refundTold(o.payment)) return;
  const details = await loadBookingDetails(tx, o.booking.id);
  if (details)
    await enqueueMail(
      tx,
      refundMail(details, {
        refundPence: o.payment.refundPence || o.payment.amountPence,
        reason: o.payment.refundReason ?? 'provider_refund',
        venue: o.venue,
      }),
    );
}
