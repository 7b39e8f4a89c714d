import { eq } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import type { BookingStatus } from '../../shared/contracts/booking';
import { confirmBooking } from '../bookings/confirm-booking';
import { loadBookingDetails } from '../bookings/booking-details';
import { refundMail, refundTold } from '../bookings/booking-mails';
import { releasePlaces, retakePlaces } from '../bookings/places';
import { catalogueOf, publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { bookings, payments } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { getAppSecret } from '../security/app-secret';
import { executeDueRefund } from './execute-refund';
import type { PaymentDeps } from './payment-deps';
import type { PaymentDetails } from './provider';
import type { ApplyPaymentResult, IncomingPaymentStatus } from './payment-transitions';
import { lockAndAdvancePayment, recordRefundAtProvider, refundLatePayment } from './advance-payment';
import { applySubjectPayment } from './apply-subject-payment';
import { transactionWithLockTimeout } from '../db/with-lock-timeout';
import { reverseBookingPoints } from '../loyalty/booking-points';
import { paymentReports } from '../observability/metrics';

/**
 * THE one place a payment's state changes a booking or a credit purchase: the test provider's card form, the Stripe webhook
 * (after re-fetching the PaymentIntent) and the sweep all call this with the provider's current status.
 * Idempotent and order-proof: repeated or stale reports change nothing (payment-transitions.ts).
 * Locks booking then payment (the order every verb uses). A payment that succeeds after its hold was
 * released is confirmed if room remains, else refunded automatically (after commit; the sweep retries).
 */
export async function applyPaymentStatus(
  opts: PaymentDeps & {
    providerPaymentId: string;
    status: IncomingPaymentStatus;
    now: Date;
    /** How it was paid and its receipt, when the provider reported them (the Stripe webhook and the sweep). */
    details?: PaymentDetails;
  },
): Promise<ApplyPaymentResult> {
  const { db, now } = opts;
  const secret = await getAppSecret(db);
  // The venue's facts for any mail this report sends, read before the transaction (an edit shows in the next mail).
  const catalogue = await publicCatalogue(db, now);
  const wholeCatalogue = await catalogueOf(db); // a party payment's rooms and names
  let refundPaymentId: string | null = null;

  const result = await transactionWithLockTimeout(db, async (tx): Promise<ApplyPaymentResult> => {
    const [found] = await tx
      .select({
        id: payments.id,
        bookingId: payments.bookingId,
        creditPurchaseId: payments.creditPurchaseId,
        partyBookingId: payments.partyBookingId,
        giftVoucherId: payments.giftVoucherId,
        paymentMethodType: payments.paymentMethodType,
        receiptUrl: payments.receiptUrl,
      })
      .from(payments)
      .where(eq(payments.providerPaymentId, opts.providerPaymentId));
    if (!found) return { outcome: 'unknown_payment' };
    // A payment buys a booking, a bundle of session credits, a gift voucher or a party. The payment's
    // details are written once its parent and the payment are locked, in the order every other writer
    // takes them (cancellations lock the booking, then its payment), so the two cannot deadlock.
    const applied = await applySubjectPayment(tx, found, {
      status: opts.status,
      now,
      publicUrl: opts.publicUrl,
      secret,
      venue: catalogue.venue,
      catalogue: wholeCatalogue,
    });
    if (applied) {
      await recordPaymentDetails(tx, found, opts.details);
      refundPaymentId = applied.refundPaymentId;
      return applied.result;
    }
    const [booking] = found.bookingId
      ? await tx.select().from(bookings).where(eq(bookings.id, found.bookingId)).for('update')
      : [];
    const locked = await lockAndAdvancePayment(tx, { paymentId: found.id, status: opts.status, now });
    if (!locked) return { outcome: 'unknown_payment' };
    await recordPaymentDetails(tx, found, opts.details);
    const { payment, next } = locked;
    if (!next) return { outcome: 'unchanged', paymentStatus: payment.status, bookingStatus: booking?.status ?? null };
    if (!booking) return { outcome: 'updated', paymentStatus: next, bookingStatus: null };

    let status: BookingStatus = booking.status;
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
        await confirmBooking(tx, { bookingId: booking.id, secret, publicUrl: opts.publicUrl, now, catalogue });
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
      // Money for a booking we no longer honour: give it back.
      await refundLatePayment(tx, payment);
      refundPaymentId = payment.id;
    } else if (next === 'failed' && (booking.status === 'pending' || booking.status === 'processing')) {
      // The family may retry the card while the hold lasts; after it (or a bank debit failing days later), places go back.
      await setStatus('failed');
      if (!booking.holdExpiresAt || booking.holdExpiresAt <= now) await releasePlaces(tx, booking);
    } else if (next === 'canceled' && ['pending', 'processing', 'failed'].includes(booking.status)) {
      await setStatus('failed');
      await releasePlaces(tx, booking);
    } else if (next === 'refunded') {
      await recordProviderRefund(tx, { booking, payment, now, venue: catalogue.venue });
      if (booking.status !== 'cancelled' && booking.status !== 'refunded') {
        await setStatus('refunded');
        await releasePlaces(tx, booking);
        if (booking.status === 'confirmed') {
          await reverseBookingPoints({ tx, bookingId: booking.id });
        }
      }
    }
    return { outcome: 'updated', paymentStatus: next, bookingStatus: status };
  });

  if (refundPaymentId)
    await executeDueRefund({ ...opts, paymentId: refundPaymentId, now }).catch((err) =>
      opts.log?.warn({ err, paymentId: refundPaymentId }, 'automatic refund failed; the sweep will retry'),
    );
  // Counted once it is committed: what the payment became, or why the report changed nothing.
  paymentReports.inc({ outcome: result.outcome === 'updated' ? result.paymentStatus : result.outcome });
  return result;
}

/**
 * Keeps what the provider last said about how the payment was paid and its receipt, whatever the status
 * did (a report that changes no status may still be the first to carry them). A value the provider no
 * longer reports is kept rather than wiped; an unchanged pair writes nothing.
 */
async function recordPaymentDetails(
  tx: Db,
  current: { id: string; paymentMethodType: string | null; receiptUrl: string | null },
  details: PaymentDetails | undefined,
): Promise<void> {
  if (!details) return;
  const methodType = details.methodType ?? current.paymentMethodType;
  const receiptUrl = details.receiptUrl ?? current.receiptUrl;
  if (methodType === current.paymentMethodType && receiptUrl === current.receiptUrl) return;
  await tx.update(payments).set({ paymentMethodType: methodType, receiptUrl }).where(eq(payments.id, current.id));
}

/** A refund made at the provider (staff in Stripe's dashboard, or ours confirmed by webhook). */
async function recordProviderRefund(
  tx: Db,
  o: {
    booking: typeof bookings.$inferSelect;
    payment: typeof payments.$inferSelect;
    now: Date;
    venue: VenueView;
  },
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
