import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { ClosureCancelResponse, closureCancelSchema } from '../../shared/contracts/catalogue';
import { staffCancelBooking } from '../bookings/staff-cancel';
import { bookings } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { enqueueClosureApology } from './closure-apology';

/** A booking the staff cancellation refuses (a payment still clearing): left as it is, for staff to follow up. */
type NotCancelled = ClosureCancelResponse['notCancelled'][number];

/**
 * Cancels the bookings a closure affects, each with a full refund and an apology that gives the reason
 * (DECISIONS.md: staff cancel them in one step). Each goes through the Bookings tab's own cancellation
 * (staffCancelBooking: places, credits, points, the cancellation mail, the audit entry and the refund,
 * idempotent under the booking's row lock), so pressing the button twice refunds once: a booking already
 * cancelled is counted and left alone. A booking that cannot be cancelled yet (its payment still clearing)
 * does not stop the others: it is answered in `notCancelled`.
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
  const result = { cancelled: 0, alreadyCancelled: 0, refundedPence: 0, notCancelled: [] as NotCancelled[] };
  for (const row of rows) {
    const r = await staffCancelBooking({ ...opts, bookingId: row.id, reason: input.reason, refund: 'full' }).catch(
      (err: unknown) => {
        if (err instanceof AppError && err.code === 'not_cancellable') return null;
        throw err;
      },
    );
    if (!r) {
      result.notCancelled.push(row);
    } else if (r.alreadyCancelled) {
      result.alreadyCancelled += 1;
    } else {
      result.cancelled += 1;
      result.refundedPence += r.refundPence;
      await enqueueClosureApology({ db, bookingId: row.id, reason: input.reason, refundPence: r.refundPence });
    }
  }
  return result;
}
