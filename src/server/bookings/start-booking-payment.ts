import { eq, sql } from 'drizzle-orm';
import { payments } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { abandonBooking } from './abandon-booking';

/**
 * After commit (no lock held across a network call): the provider's payment for what is left to pay, with the
 * booking id as the idempotency key, and its client secret kept on the payment row. A provider that refuses
 * ends the hold at once (the places go back) and the family is asked to try again.
 */
export async function startBookingPayment(
  deps: PaymentDeps,
  booking: { id: string; reference: string },
  o: { amountPence: number; venueName: string; email: string; now: Date },
): Promise<string> {
  const { db, provider } = deps;
  let created: { providerPaymentId: string; clientSecret: string };
  try {
    created = await provider.createPayment({
      amountPence: o.amountPence,
      idempotencyKey: booking.id,
      description: `${o.venueName} booking ${booking.reference}`,
      email: o.email,
      metadata: { bookingId: booking.id, reference: booking.reference },
    });
  } catch (err) {
    deps.log?.error({ err, bookingId: booking.id }, 'payment provider refused to create a payment');
    await abandonBooking(db, booking.id, o.now);
    throw new AppError('payment_unavailable', 'We could not start the payment just now. Please try again in a moment.');
  }
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, clientSecret: created.clientSecret, updatedAt: sql`now()` })
    .where(eq(payments.bookingId, booking.id));
  return created.clientSecret;
}
