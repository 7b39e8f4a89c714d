import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { TestPaymentConfirmResponse, testPaymentConfirmSchema } from '../../shared/contracts/booking';
import type { AppContext } from '../context';
import { testProviderPayments } from '../db/schema';
import { AppError } from '../http/errors';
import { applyPaymentStatus } from './apply-payment-status';
import { paymentDeps } from './payment-deps';

/** Stripe's test card numbers (DECISIONS.md): the TEST MODE form answers like Stripe would. */
const testCards: Record<string, { status: 'succeeded' | 'failed'; message?: string }> = {
  '4242424242424242': { status: 'succeeded' },
  '4000000000000002': { status: 'failed', message: 'Your card was declined.' },
  '4000000000009995': { status: 'failed', message: 'Your card has insufficient funds.' },
  // Pays now, then declines when charged again without the family (a membership's renewal: test-provider.ts).
  '4000000000000341': { status: 'succeeded' },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

function expiryPassed(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map((s) => Number(s.trim()));
  const endOfMonth = Date.UTC(2000 + yy!, mm!, 1); // first instant of the following month
  return endOfMonth <= now.getTime();
}

/**
 * POST /api/test-payments/confirm: the TEST MODE card form. Updates the test provider's ledger, then
 * confirms through applyPaymentStatus, the same code path as Stripe's webhook.
 */
export async function confirmTestPayment(opts: {
  ctx: AppContext;
  input: z.infer<typeof testPaymentConfirmSchema>;
  log?: FastifyBaseLogger;
}): Promise<TestPaymentConfirmResponse> {
  const { ctx, input } = opts;
  const now = ctx.now();
  const digits = input.cardNumber.replace(/\s+/g, '');
  if (!luhnValid(digits))
    throw new AppError('invalid_input', 'Your card number is invalid.', {
      fields: { cardNumber: ['Your card number is invalid.'] },
    });
  if (expiryPassed(input.expiry, now))
    throw new AppError('invalid_input', "Your card's expiration date is in the past.", {
      fields: { expiry: ["Your card's expiration date is in the past."] },
    });

  const [payment] = await ctx.db
    .select()
    .from(testProviderPayments)
    .where(eq(testProviderPayments.clientSecret, input.clientSecret));
  if (!payment)
    throw new AppError('payment_not_found', 'We could not find that payment. Please start your booking again.');
  if (payment.status === 'canceled')
    throw new AppError('payment_canceled', 'This payment was cancelled. Please start your booking again.');

  const outcome = testCards[digits] ?? {
    status: 'failed' as const,
    message: 'Your card was declined. This is TEST MODE: use the test card 4242 4242 4242 4242.',
  };
  if (payment.status !== 'succeeded') {
    // A retry after a decline is allowed, as with Stripe; a success is final.
    await ctx.db
      .update(testProviderPayments)
      // The card's last four digits, never its number: a membership's renewals charge this card again.
      .set({ status: outcome.status, cardLast4: digits.slice(-4) })
      .where(and(eq(testProviderPayments.id, payment.id), inArray(testProviderPayments.status, ['pending', 'failed'])));
  }
  const [current] = await ctx.db.select().from(testProviderPayments).where(eq(testProviderPayments.id, payment.id));
  const applied = await applyPaymentStatus({
    ...paymentDeps(ctx, opts.log),
    providerPaymentId: payment.id,
    status: current!.status,
    now,
  });

  if (current!.status === 'succeeded') {
    if (applied.outcome !== 'unknown_payment' && applied.bookingStatus === 'refunded') {
      return {
        status: 'failed',
        message: payment.metadata.cafeOrderId
          ? 'Sorry, this cafe order was cancelled before your payment arrived, so your payment has been refunded in full.'
          : payment.metadata.membershipId
            ? 'Sorry, this membership can no longer start (it was ended, or a child it is for is covered by another membership meanwhile), so your payment has been refunded in full. We have e-mailed you why.'
            : payment.metadata.eventBookingId
              ? 'Sorry, your 10-minute hold ran out and the places went to the next families in the queue, so your payment has been refunded in full.'
              : 'Sorry, your 15-minute hold ran out and the places or session credits it needed have gone in the meantime, so your payment has been refunded in full.',
      };
    }
    return { status: 'succeeded' };
  }
  return { status: 'failed', message: outcome.message ?? 'Your card was declined.' };
}
