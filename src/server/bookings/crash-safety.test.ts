import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, payments } from '../db/schema';
import { getAppSecret } from '../security/app-secret';
import { paymentDeps } from '../payments/payment-deps';
import { PaymentProviderError, type PaymentProvider } from '../payments/provider';
import { createTestProvider } from '../payments/test-provider';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { cancelUrl } from './confirm-booking';
import { runSweep } from '../sweep';
import { bookingPayload, postJson, taken } from './testing/booking-fixtures';

const START = new Date('2025-10-20T10:00:00Z');

/** The test provider with switches that make one call fail, as a provider outage or a crash would. */
function flakyProvider(inner: PaymentProvider) {
  const flags = { failCreate: false, failRefund: false };
  const provider: PaymentProvider = {
    name: 'test',
    createPayment: async (o) => {
      if (flags.failCreate) throw new PaymentProviderError('provider down');
      return inner.createPayment(o);
    },
    retrievePayment: (id) => inner.retrievePayment(id),
    refund: async (o) => {
      if (flags.failRefund) throw new PaymentProviderError('provider down');
      return inner.refund(o);
    },
  };
  return { provider, flags };
}

describe.each(testDbKinds)('faults between steps on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let flaky: ReturnType<typeof flakyProvider>;
  let clock = START;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    // Routes read ctx.payments per request, so the provider can be swapped for the flaky one.
    flaky = flakyProvider(createTestProvider(t.ctx.db));
    t.ctx.payments = flaky.provider;
  });
  afterAll(() => t.close());

  it('answers 502 and keeps nothing held when the provider cannot create the payment', async () => {
    flaky.flags.failCreate = true;
    const before = await taken(t.ctx.db, '2025-10-22', 'morning');
    const res = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: 'down@example.com' }),
    );
    flaky.flags.failCreate = false;
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('payment_unavailable');
    expect(await taken(t.ctx.db, '2025-10-22', 'morning')).toBe(before);
    const [b] = await t.ctx.db.select().from(bookings).where(eq(bookings.customerEmail, 'down@example.com'));
    expect(b).toMatchObject({ status: 'failed', placesHeld: false });
  });

  it('releases a hold whose payment never reached the provider (crash after commit)', async () => {
    const res = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: 'crash@example.com', selectedTime: 'midday' }),
    );
    const bookingId = res.json().bookingId as string;
    // As if the process died before recording the provider's answer: no id, no secret.
    await t.ctx.db
      .update(payments)
      .set({ providerPaymentId: null, clientSecret: null })
      .where(eq(payments.bookingId, bookingId));
    const held = await taken(t.ctx.db, '2025-10-22', 'midday');
    clock = new Date(START.getTime() + 16 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    clock = START;
    expect(await taken(t.ctx.db, '2025-10-22', 'midday')).toBe(held - 2);
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(p!.status).toBe('canceled');
  });

  it('retries a refund the provider refused until it goes through, exactly once', async () => {
    const res = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: 'refund-retry@example.com', selectedTime: 'afternoon' }),
    );
    const { bookingId, clientSecret } = res.json();
    await postJson(t.app, '/api/test-payments/confirm', {
      clientSecret,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    const booking = (await t.ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!;
    expect(booking.status).toBe('confirmed');
    const token = new URL(cancelUrl('http://x', await getAppSecret(t.ctx.db), bookingId)).searchParams.get('token')!;
    flaky.flags.failRefund = true;
    const cancelled = await postJson(t.app, '/api/bookings/cancel', { token });
    expect(cancelled.json().status).toBe('cancelled');
    let [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(p).toMatchObject({ refundStatus: 'pending', status: 'succeeded' });
    await runSweep({ ...paymentDeps(t.ctx), now: clock }); // still down
    flaky.flags.failRefund = false;
    expect((await runSweep({ ...paymentDeps(t.ctx), now: clock })).refunded).toBe(1);
    expect((await runSweep({ ...paymentDeps(t.ctx), now: clock })).refunded).toBe(0);
    [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(p).toMatchObject({ refundStatus: 'succeeded', status: 'refunded', refundPence: 2100 });
  });
});
