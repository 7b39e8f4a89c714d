import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, cancelTokenFrom, mailsTo, postJson, getBooking } from './testing/booking-fixtures';
import { testDbKinds } from '../testing/test-database';
import { openStripeTestApp, weekdayAhead } from '../payments/testing/fake-stripe/stripe-test-kit';

/** The whole Stripe journey through the HTTP API: book, pay, confirm by webhook, cancel with a real refund call. */
describe.each(testDbKinds)('Stripe booking journey over HTTP on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openStripeTestApp>>;
  beforeAll(async () => {
    t = await openStripeTestApp(kind);
  });
  afterAll(() => t.close());

  const status = async (bookingId: string) => (await getBooking(t.app, bookingId)).json().status as string;

  it('books, confirms on the webhook, and refunds through Stripe once on cancellation', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_kit' });

    const email = 'stripe-journey@example.com';
    const created = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ selectedDate: weekdayAhead(), customerEmail: email }),
    );
    expect(created.statusCode).toBe(201);
    const { bookingId, clientSecret, finalAmount } = created.json();
    expect(finalAmount).toBe(2100);
    const intent = [...t.fake.paymentIntents.values()].find((p) => p.metadata.bookingId === bookingId)!;
    expect(intent).toMatchObject({
      amount: 2100,
      currency: 'gbp',
      client_secret: clientSecret,
      allowed_payment_method_types: ['card', 'bacs_debit'],
    });
    expect(await status(bookingId)).toBe('pending');

    // The redirect to /booking-success proves nothing; only the webhook (after re-fetching) confirms.
    t.fake.controls.succeed(intent.id);
    expect(await status(bookingId)).toBe('pending');
    expect((await t.deliver(t.fake.event('payment_intent.succeeded', intent.id))).statusCode).toBe(200);
    expect(await status(bookingId)).toBe('confirmed');

    const token = cancelTokenFrom((await mailsTo(t.ctx.db, email))[0]!.text);
    const cancelled = await postJson(t.app, '/api/bookings/cancel', { token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundAmount: 2100 });
    const refunds = [...t.fake.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(refunds.map((r) => r.amount)).toEqual([2100]);

    // Stripe then reports the refund, three times: nothing more happens.
    const before = await t.snapshot(bookingId);
    const refundEvent = t.fake.event('charge.refunded', intent.latest_charge!);
    for (let i = 0; i < 3; i++) expect((await t.deliver(refundEvent)).statusCode).toBe(200);
    expect(await t.snapshot(bookingId)).toEqual(before);
    expect(await status(bookingId)).toBe('cancelled');
    expect([...t.fake.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });
});
