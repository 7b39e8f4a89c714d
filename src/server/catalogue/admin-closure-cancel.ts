import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ClosureCancelResponse, closureCancelSchema } from '../../shared/contracts/catalogue';
import { staffCancelBooking } from '../bookings/staff-cancel';
import { bookings } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { enqueueClosureApology } from './admin-closure-apology';

/**
 * Cancels the bookings a closure affects, each with a full refund and an apology that gives the reason
 * (DECISIONS.md: staff cancel them in one step). Each goes through the Bookings tab's own cancellation
 * (staffCancelBooking: places, credits, points, the cancellation mail, the audit entry and the refund,
 * idempotent under the booking's row lock), so pressing the button twice refunds once: a booking already
 * cancelled is counted and left alone. Checked first as a whole, so a list with a booking that cannot be
 * cancelled here cancels none.
 */
export async function cancelClosureBookings(
  opts: PaymentDeps & { input: z.infer<typeof closureCancelSchema>; actor: string; now: Date },
): Promise<ClosureCancelResponse> {
  const { db, input } = opts;
  const ids = [...new Set(input.bookingIds)];
  const rows = await db
    .select({ id: bookings.id, status: bookings.status, reference: bookings.reference })
    .from(bookings)
    .where(inArray(bookings.id, ids));
  if (rows.length < ids.length)
    throw new AppError('booking_not_found', 'One of those bookings does not exist. Reload the list and try again.');
  const unpaid = rows.filter((r) => r.status !== 'confirmed' && r.status !== 'cancelled');
  if (unpaid.length)
    throw new AppError(
      'not_cancellable',
      `Only confirmed bookings can be cancelled here: ${unpaid.map((r) => r.reference).join(', ')} ${unpaid.length === 1 ? 'is' : 'are'} not (a payment still clearing, or never paid). Nothing was cancelled.`,
    );
  const result: ClosureCancelResponse = { cancelled: 0, alreadyCancelled: 0, refundedPence: 0 };
  for (const bookingId of ids) {
    const r = await staffCancelBooking({ ...opts, bookingId, reason: input.reason, refund: 'full' });
    if (r.alreadyCancelled) {
      result.alreadyCancelled += 1;
      continue;
    }
    result.cancelled += 1;
    result.refundedPence += r.refundPence;
    await enqueueClosureApology({ db, bookingId, reason: input.reason, refundPence: r.refundPence });
  }
  return result;
}
