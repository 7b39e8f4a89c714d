import { and, eq } from 'drizzle-orm';
import type { CancelBookingPreview, CancelBookingResponse } from '../../shared/contracts/booking';
import type { VenueView } from '../../shared/catalogue';
import { formatPence } from '../../shared/money';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { bookings, payments } from '../db/schema';
import { AppError } from '../http/errors';
import { reverseBookingPoints } from '../loyalty/booking-points';
import { enqueueMail } from '../mail/enqueue-mail';
import { getAppSecret, verifyToken } from '../security/app-secret';
import { executeDueRefund } from '../payments/execute-refund';
import type { PaymentDeps } from '../payments/payment-deps';
import { loadBookingDetails } from './booking-details';
import { cancellationMail } from './booking-mails';
import { CANCEL_TOKEN_PURPOSE } from './confirm-booking';
import { releasePlaces } from './places';
import { canCancelWithRefund } from './visit-time';

/** What a full refund gives back: the card part to the card, a gift voucher's part to the voucher. */
function refundWords(cardPence: number, giftPence: number): string {
  const card = `${formatPence(cardPence)} to your card`;
  if (!giftPence) return ` of ${formatPence(cardPence)}`;
  const gift = `${formatPence(giftPence)} back on your gift voucher`;
  return cardPence > 0 ? `: ${card} and ${gift}` : `: ${gift}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const tooLate = (venue: Pick<VenueView, 'phone'>) =>
  `Sorry, bookings can only be cancelled for a refund up to 24 hours before the visit. Please call us on ${venue.phone} if you need help.`;

async function bookingIdFromToken(db: Db, token: string): Promise<string> {
  const id = verifyToken(await getAppSecret(db), CANCEL_TOKEN_PURPOSE, token);
  if (!id || !UUID.test(id))
    throw new AppError(
      'invalid_link',
      'This cancellation link is not valid. Please use the link in your confirmation e-mail, or call us.',
    );
  return id;
}

/** What the cancellation page shows before the family presses the button. */
export async function previewCancellation(opts: { db: Db; token: string; now: Date }): Promise<CancelBookingPreview> {
  const id = await bookingIdFromToken(opts.db, opts.token);
  const b = await loadBookingDetails(opts.db, id);
  if (!b)
    throw new AppError(
      'invalid_link',
      'This cancellation link is not valid. Please use the link in your confirmation e-mail, or call us.',
    );
  const catalogue = await publicCatalogue(opts.db, opts.now);
  const refundable = b.status === 'confirmed' && canCancelWithRefund(b.visitDate, b.sessionId, opts.now, catalogue);
  const message =
    b.status === 'cancelled'
      ? 'This booking is already cancelled.'
      : b.status !== 'confirmed'
        ? 'This booking is not confirmed, so there is nothing to cancel.'
        : refundable
          ? `You can cancel this booking for a full refund${refundWords(b.finalPence, b.giftVoucherPence ?? 0)}.`
          : tooLate(catalogue.venue);
  return {
    reference: b.reference,
    date: b.visitDate,
    sessionLabel: b.sessionLabel,
    status: b.status,
    refundable,
    refundAmount: refundable ? b.finalPence : 0,
    message,
  };
}

/** A booking's succeeded payment, locked: what a cancellation refunds from (none for a booking paid in full otherwise). */
export async function lockPaidPayment(tx: Db, bookingId: string) {
  const [p] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
    .for('update');
  return p;
}

/**
 * What every cancellation of a confirmed booking does, in the caller's transaction with the booking and
 * its succeeded payment locked (booking first): places, session credits and voucher given back, the
 * booking cancelled, `refundPence` of the payment decided (carried out after commit by
 * executeDueRefund, retried by the sweep), loyalty points taken back, and the cancellation mail queued
 * (signed with `venue`, the catalogue's as the caller read it before its transaction).
 */
export async function cancelLockedBooking(
  tx: Db,
  b: typeof bookings.$inferSelect,
  p: typeof payments.$inferSelect | undefined,
  opts: {
    refundPence: number;
    now: Date;
    refundKind?: 'full' | 'partial';
    venue: Pick<VenueView, 'name' | 'phone'>;
    /** Why the venue cancelled it (said in the mail), when the family did not. */
    why?: string;
  },
): Promise<void> {
  const { refundPence, now, refundKind = 'full', venue, why } = opts;
  await releasePlaces(tx, b);
  await tx.update(bookings).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(eq(bookings.id, b.id));
  if (p && refundPence > 0)
    await tx
      .update(payments)
      .set({ refundStatus: 'pending', refundPence, refundReason: 'cancelled', updatedAt: now })
      .where(eq(payments.id, p.id));
  await reverseBookingPoints({ tx, bookingId: b.id });
  const details = await loadBookingDetails(tx, b.id);
  await enqueueMail(tx, cancellationMail(details!, { refundPence, refundKind, venue, why }));
}

/**
 * Cancels a confirmed booking from its signed e-mail link: up to 24 hours before the visit (real
 * elapsed hours, Europe/London), places released, loyalty points taken back, cancellation mail queued and
 * a full refund decided in one transaction; the provider refund runs after commit (the sweep retries it).
 */
export async function cancelBooking(opts: PaymentDeps & { token: string; now: Date }): Promise<CancelBookingResponse> {
  return cancelBookingById({ ...opts, bookingId: await bookingIdFromToken(opts.db, opts.token) });
}

/** The same cancellation for a booking whose owner is already proven (the family session's My Bookings). */
export async function cancelBookingById(
  opts: PaymentDeps & { bookingId: string; now: Date },
): Promise<CancelBookingResponse> {
  const { db, now, bookingId: id } = opts;
  const catalogue = await publicCatalogue(db, now);
  const outcome = await db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!b)
      throw new AppError(
        'invalid_link',
        'This cancellation link is not valid. Please use the link in your confirmation e-mail, or call us.',
      );
    if (b.status === 'cancelled')
      return {
        paymentId: null,
        response: { status: b.status, refundAmount: 0, message: 'This booking is already cancelled.' },
      };
    if (b.status !== 'confirmed')
      throw new AppError('not_cancellable', 'This booking is not confirmed, so there is nothing to cancel.');
    if (!canCancelWithRefund(b.visitDate, b.sessionId, now, catalogue))
      throw new AppError('too_late_to_cancel', tooLate(catalogue.venue));

    const p = await lockPaidPayment(tx, b.id);
    const refundPence = p && !p.refundStatus ? p.amountPence : 0;
    await cancelLockedBooking(tx, b, p, { refundPence, now, venue: catalogue.venue });
    const gift = b.giftVoucherState === 'spent' ? b.giftVoucherPence : 0;
    const message =
      (refundPence > 0
        ? `Your booking is cancelled. A full refund of ${formatPence(refundPence)} is on its way.`
        : 'Your booking is cancelled.') + (gift > 0 ? ` ${formatPence(gift)} is back on your gift voucher.` : '');
    return {
      paymentId: refundPence > 0 ? p!.id : null,
      response: { status: 'cancelled' as const, refundAmount: refundPence, message },
    };
  });
  if (outcome.paymentId) {
    await executeDueRefund({ ...opts, paymentId: outcome.paymentId, now }).catch((err) =>
      opts.log?.warn({ err, paymentId: outcome.paymentId }, 'refund failed; the sweep will retry'),
    );
  }
  return outcome.response;
}
