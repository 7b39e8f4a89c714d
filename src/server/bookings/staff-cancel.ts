import { eq } from 'drizzle-orm';
import type { StaffCancelResponse } from '../../shared/contracts/booking-manager';
import { formatPence } from '../../shared/money';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { bookings } from '../db/schema';
import { AppError } from '../http/errors';
import { executeDueRefund } from '../payments/execute-refund';
import type { PaymentDeps } from '../payments/payment-deps';
import { writeAudit } from '../staff/audit';
import { cancelLockedBooking, lockPaidPayment } from './cancel-booking';

/**
 * Staff cancel a confirmed booking at any time (no 24-hour rule), with a reason and a full, partial
 * (any amount up to what is left) or no refund (DECISIONS.md "Running the day"). Everything else is a
 * family's cancellation (cancelLockedBooking): credits, voucher and points follow, the family is
 * e-mailed, and the refund goes through the provider after commit with its per-payment idempotency key
 * (the sweep retries it). The booking's row lock and status check make it idempotent: a second press
 * finds the booking cancelled and refunds nothing. Audited with the staff member in the same transaction.
 */
export async function staffCancelBooking(
  opts: PaymentDeps & {
    bookingId: string;
    actor: string;
    reason: string;
    refund: 'full' | 'partial' | 'none';
    refundPence?: number;
    now: Date;
  },
): Promise<StaffCancelResponse> {
  const { db, now, bookingId: id } = opts;
  const { venue } = await publicCatalogue(db, now);
  const outcome = await db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!b) throw new AppError('booking_not_found', 'There is no such booking.');
    if (b.status === 'cancelled')
      return { paymentId: null, response: { status: 'cancelled' as const, refundPence: 0, alreadyCancelled: true } };
    if (b.status !== 'confirmed')
      throw new AppError('not_cancellable', 'Only a confirmed booking can be cancelled; this one was never paid.');
    const p = await lockPaidPayment(tx, b.id);
    const left = p && !p.refundStatus ? p.amountPence : 0;
    const refundPence = opts.refund === 'full' ? left : opts.refund === 'partial' ? (opts.refundPence ?? 0) : 0;
    if (refundPence > left)
      throw new AppError(
        'refund_too_large',
        left > 0
          ? `At most ${formatPence(left)} can be refunded on this booking.`
          : 'There is nothing left to refund on this booking: cancel it with no refund.',
        { fields: { refundPence: [`At most ${formatPence(left)}`] } },
      );
    await cancelLockedBooking(tx, b, p, {
      refundPence,
      now,
      refundKind: refundPence < left ? 'partial' : 'full',
      venue,
    });
    await writeAudit(tx, {
      actor: opts.actor,
      action: 'booking_cancelled',
      subjectType: 'booking',
      subjectId: b.id,
      details: { reason: opts.reason, refund: opts.refund, refundPence, paidPence: left },
    });
    return {
      paymentId: refundPence > 0 ? p!.id : null,
      response: { status: 'cancelled' as const, refundPence, alreadyCancelled: false },
    };
  });
  if (outcome.paymentId) {
    await executeDueRefund({ ...opts, paymentId: outcome.paymentId, now }).catch((err) =>
      opts.log?.warn({ err, paymentId: outcome.paymentId }, 'refund failed; the sweep will retry'),
    );
  }
  return outcome.response;
}
