import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { openStripeTestApp, WEBHOOK_SECRET } from './testing/fake-stripe/stripe-test-kit';

/** POST /api/stripe/webhook: what it refuses, what it ignores, and that refusing changes nothing. */
describe.each(testDbKinds)('Stripe webhook: bad and odd deliveries on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openStripeTestApp>>;
  beforeAll(async () => {
    t = await openStripeTestApp(kind);
  });
  afterAll(() => t.close());

  /** A booking whose card payment has really succeeded at Stripe, and its event, not yet delivered. */
  async function paidBooking() {
    const b = await t.book();
    t.fake.controls.succeed(b.paymentIntentId);
    return {
      ...b,
      event: t.fake.event('payment_intent.succeeded', b.paymentIntentId),
      before: await t.snapshot(b.bookingId),
    };
  }

  it('refuses a forged, missing or garbled signature, a tampered body and a stale timestamp with 400, changing nothing', async () => {
    const { bookingId, event, before } = await paidBooking();
    expect(before.booking?.status).toBe('pending');
    const body = JSON.stringify(event);
    const genuineHeader = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    const attempts = [
      await t.deliver(event, { secret: 'whsec_forged' }),
      await t.deliver(event, { signature: null }),
      await t.deliver(event, { signature: 't=1,v1=deadbeef' }),
      await t.deliver(body.replace('"payment_intent.succeeded"', '"payment_intent.canceled"'), {
        signature: genuineHeader,
      }),
      await t.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_signature');
    }
    expect(await t.snapshot(bookingId)).toEqual(before);
    expect(await t.processedEvents()).not.toContain(event.id);
    // The same event, genuinely signed, is accepted: the refusals above were the signature's doing.
    expect((await t.deliver(body, { signature: genuineHeader })).statusCode).toBe(200);
    expect((await t.snapshot(bookingId)).booking?.status).toBe('confirmed');
  });

  it('refuses signed bodies that are not Stripe events', async () => {
    const notJson = await t.deliver('{"id": "evt_1", ');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('invalid_json');
    const shapeless = await t.deliver({ id: 'evt_x', type: 'payment_intent.succeeded', data: {} });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.json().error.code).toBe('invalid_input');
    const text = await t.deliver('hello', { contentType: 'text/plain' });
    expect(text.statusCode).toBe(415);
    const huge = await t.deliver({
      id: 'evt_big',
      type: 'x',
      data: { object: { id: 'x', object: 'x', pad: 'x'.repeat(600 * 1024) } },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('answers 200 and ignores event types it does not handle', async () => {
    const { bookingId, paymentIntentId, before } = await paidBooking();
    const res = await t.deliver(t.fake.event('payment_intent.created', paymentIntentId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, ignored: 'event_type' });
    expect(await t.snapshot(bookingId)).toEqual(before);
  });

  it('refuses a PaymentIntent Stripe does not know with a JSON 404', async () => {
    const res = await t.deliver(t.fake.event('payment_intent.succeeded', 'pi_neverexisted'));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('unknown_payment_intent');
    expect(await t.processedEvents()).not.toContain('pi_neverexisted');
  });

  it('answers 404 for a PaymentIntent that names a booking we have no payment for, 200 for one that is not ours', async () => {
    const claimsOurs = t.fake.createPaymentIntent({
      amount: 999,
      currency: 'gbp',
      metadata: { bookingId: '00000000-0000-4000-8000-000000000000' },
      allowed: ['card'],
    });
    t.fake.controls.succeed(claimsOurs.id);
    const ours = t.fake.event('payment_intent.succeeded', claimsOurs.id);
    const res = await t.deliver(ours);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('unknown_payment_intent');
    expect(await t.processedEvents()).not.toContain(ours.id);

    const foreign = t.fake.createPaymentIntent({
      amount: 500,
      currency: 'gbp',
      metadata: { till: 'cafe' },
      allowed: ['card'],
    });
    t.fake.controls.succeed(foreign.id);
    const other = await t.deliver(t.fake.event('payment_intent.succeeded', foreign.id));
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true, ignored: 'not_our_payment' });
  });

  it('answers 503 while Stripe is unreachable, records nothing, and handles the redelivery', async () => {
    const { bookingId, event, before } = await paidBooking();
    t.fake.failNextRequests(100);
    const res = await t.deliver(event);
    t.fake.failNextRequests(0);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('provider_unavailable');
    expect(await t.snapshot(bookingId)).toEqual(before);
    expect(await t.processedEvents()).not.toContain(event.id);
    const again = await t.deliver(event);
    expect(again.statusCode).toBe(200);
    expect((await t.snapshot(bookingId)).booking?.status).toBe('confirmed');
  });
});

describe('Stripe webhook without Stripe configured', () => {
  it('answers 404 when the server runs the offline test provider', async () => {
    const t = await openTestApp('pglite');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    } finally {
      await t.close();
    }
  });
});
