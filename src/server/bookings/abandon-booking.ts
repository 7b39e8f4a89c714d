import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bookings, payments } from '../db/schema';
import { releasePlaces } from './places';

/** A booking whose payment could not even be started: places back at once, nothing to refund. */
export async function abandonBooking(db: Db, bookingId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!b || b.status !== 'pending') return;
    await releasePlaces(tx, b);
    await tx
      .update(bookings)
      .set({ status: 'failed', holdExpiresAt: null, updatedAt: now })
      .where(eq(bookings.id, b.id));
    await tx
      .update(payments)
      .set({ status: 'canceled', updatedAt: now })
      .where(and(eq(payments.bookingId, b.id), isNull(payments.providerPaymentId)));
  });
}
