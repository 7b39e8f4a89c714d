import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { bookings, payments } from '../db/schema';
import type { PaymentDeps } from '../payments/payment-deps';
import { recheckPayment } from '../payments/sweep-payments';
import { releasePlaces } from './places';

/**
 * Ticket holds whose time has run out: the provider is asked first (a success whose webhook was lost
 * confirms), then the places go back. Safe with several processes: each hold is re-checked under its row lock.
 */
export async function expireBookingHolds(deps: PaymentDeps & { now: Date; batch: number }): Promise<number> {
  const expired = await deps.db
    .select({ id: bookings.id, providerPaymentId: payments.providerPaymentId })
    .from(bookings)
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.placesHeld, true),
        inArray(bookings.status, ['pending', 'failed']),
        lte(bookings.holdExpiresAt, deps.now),
      ),
    )
    .limit(deps.batch);
  let released = 0;
  for (const b of expired) {
    if (b.providerPaymentId) await recheckPayment(deps, b.providerPaymentId);
    if (await releaseExpiredHold(deps, b.id)) released++;
  }
  return released;
}

/** Releases one expired hold if it is still expired and held (re-checked under the row lock). */
async function releaseExpiredHold(deps: PaymentDeps & { now: Date }, bookingId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [b] = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.placesHeld, true),
          inArray(bookings.status, ['pending', 'failed']),
          lte(bookings.holdExpiresAt, deps.now),
        ),
      )
      .for('update', { skipLocked: true });
    if (!b) return false;
    await releasePlaces(tx, b);
    if (b.status === 'pending')
      await tx.update(bookings).set({ status: 'expired', updatedAt: deps.now }).where(eq(bookings.id, b.id));
    // A payment that never reached the provider (crash before the call) can never be paid.
    await tx
      .update(payments)
      .set({ status: 'canceled', updatedAt: deps.now })
      .where(and(eq(payments.bookingId, b.id), isNull(payments.providerPaymentId), eq(payments.status, 'pending')));
    return true;
  });
}
