import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../db/schema';
import { testDbKinds } from '../testing/test-database';
import { openStripeTestApp } from './testing/fake-stripe/stripe-test-kit';

type Kit = Awaited<ReturnType<typeof openStripeTestApp>>;
type Event = ReturnType<Kit['fake']['event']>;

/**
 * What a customer's payment does at Stripe, step by step; each step returns the events Stripe would
 * send for it. The same script runs twice: once with each event delivered as it happens, once with
 * every event delivered three times, newest first, after everything happened. Both must end alike.
 */
type Script = (t: Kit, pi: string) => Generator<Event[], void, void>;

const chargeOf = (t: Kit, pi: string) => t.fake.paymentIntents.get(pi)!.latest_charge!;

const scripts: Record<
  string,
  { script: Script; booking: string; payment: string; placesHeld: boolean; mails: string[] }
> = {
  'a card payment': {
    *script(t, pi) {
      t.fake.controls.succeed(pi);
      yield [t.fake.event('payment_intent.succeeded', pi)];
    },
    booking: 'confirmed',
    payment: 'succeeded',
    placesHeld: true,
    mails: ['booking-confirmed'],
  },
  'a Bacs debit that clears': {
    *script(t, pi) {
      t.fake.controls.process(pi);
      yield [t.fake.event('payment_intent.processing', pi)];
      t.fake.controls.succeed(pi);
      yield [t.fake.event('payment_intent.succeeded', pi)];
    },
    booking: 'confirmed',
    payment: 'succeeded',
    placesHeld: true,
    mails: ['booking-confirmed'],
  },
  'a Bacs debit that bounces': {
    *script(t, pi) {
      t.fake.controls.process(pi);
      yield [t.fake.event('payment_intent.processing', pi)];
      t.fake.controls.fail(pi, 'The bank account has insufficient funds.');
      yield [t.fake.event('payment_intent.payment_failed', pi)];
    },
    // Still inside its 15-minute hold: the family may try again, so the places stay held.
    booking: 'failed',
    payment: 'failed',
    placesHeld: true,
    mails: [],
  },
  'a declined card, then a good one': {
    *script(t, pi) {
      t.fake.controls.fail(pi);
      yield [t.fake.event('payment_intent.payment_failed', pi)];
      t.fake.controls.succeed(pi);
      yield [t.fake.event('payment_intent.succeeded', pi)];
    },
    booking: 'confirmed',
    payment: 'succeeded',
    placesHeld: true,
    mails: ['booking-confirmed'],
  },
  'a cancelled PaymentIntent': {
    *script(t, pi) {
      t.fake.controls.cancel(pi);
      yield [t.fake.event('payment_intent.canceled', pi)];
    },
    booking: 'failed',
    payment: 'canceled',
    placesHeld: false,
    mails: [],
  },
  'a payment refunded in full from the Stripe dashboard': {
    *script(t, pi) {
      t.fake.controls.succeed(pi);
      yield [t.fake.event('payment_intent.succeeded', pi)];
      t.fake.createRefund({ paymentIntent: pi, metadata: {} });
      yield [t.fake.event('charge.refunded', chargeOf(t, pi))];
    },
    booking: 'refunded',
    payment: 'refunded',
    placesHeld: false,
    mails: ['booking-confirmed', 'booking-refund'],
  },
  'a payment partly refunded from the Stripe dashboard': {
    *script(t, pi) {
      t.fake.controls.succeed(pi);
      yield [t.fake.event('payment_intent.succeeded', pi)];
      t.fake.createRefund({ paymentIntent: pi, amount: 200, metadata: {} });
      yield [t.fake.event('charge.refunded', chargeOf(t, pi))];
    },
    booking: 'confirmed',
    payment: 'succeeded',
    placesHeld: true,
    mails: ['booking-confirmed'],
  },
};

describe.each(testDbKinds)('Stripe webhooks drive bookings on %s', (kind) => {
  let t: Kit;
  beforeAll(async () => {
    t = await openStripeTestApp(kind);
  });
  afterAll(() => t.close());

  it.each(Object.entries(scripts))(
    '%s: in order, or three times out of order, ends the same',
    async (_name, expected) => {
      const inOrder = await t.book();
      for (const events of expected.script(t, inOrder.paymentIntentId)) {
        for (const e of events) expect((await t.deliver(e)).statusCode).toBe(200);
      }
      const inOrderState = await t.snapshot(inOrder.bookingId);

      const shuffled = await t.book();
      const all = [...expected.script(t, shuffled.paymentIntentId)].flat();
      const deliveries = [...all]
        .reverse()
        .flatMap((e) => [e, e])
        .concat(all);
      for (const e of deliveries) expect((await t.deliver(e)).statusCode).toBe(200);
      const shuffledState = await t.snapshot(shuffled.bookingId);

      const want = {
        booking: { status: expected.booking, placesHeld: expected.placesHeld },
        payment: expect.objectContaining({ status: expected.payment }),
        mails: expected.mails,
      };
      expect(inOrderState).toMatchObject(want);
      expect(shuffledState).toEqual(inOrderState);
      expect(await t.processedEvents()).toEqual(expect.arrayContaining(all.map((e) => e.id)));
    },
  );

  it('does nothing for a replayed event id, even when Stripe has moved on since', async () => {
    const { bookingId, paymentIntentId } = await t.book();
    t.fake.controls.fail(paymentIntentId);
    const failed = t.fake.event('payment_intent.payment_failed', paymentIntentId);
    expect((await t.deliver(failed)).json()).toMatchObject({ outcome: 'updated', bookingStatus: 'failed' });
    t.fake.controls.succeed(paymentIntentId);
    const replay = await t.deliver(failed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await t.snapshot(bookingId)).booking?.status).toBe('failed');
    const succeeded = await t.deliver(t.fake.event('payment_intent.succeeded', paymentIntentId));
    expect(succeeded.json()).toMatchObject({
      outcome: 'updated',
      paymentStatus: 'succeeded',
      bookingStatus: 'confirmed',
    });
  });

  it('trusts nothing in the payload but the ids', async () => {
    const { bookingId, paymentIntentId } = await t.book();
    // A genuine event whose snapshot says succeeded, while Stripe says the customer has not paid.
    const lying = t.fake.event('payment_intent.succeeded', paymentIntentId);
    lying.data.object = {
      ...lying.data.object,
      status: 'succeeded',
      amount_received: 2100,
    } as typeof lying.data.object;
    const res = await t.deliver(lying);
    expect(res.json()).toMatchObject({ outcome: 'unchanged', paymentStatus: 'pending' });
    expect((await t.snapshot(bookingId)).booking?.status).toBe('pending');
  });

  if (kind === 'postgres') {
    it('answers 503 while the booking is locked, then succeeds on redelivery', { timeout: 30_000 }, async () => {
      const { bookingId, paymentIntentId } = await t.book();
      t.fake.controls.succeed(paymentIntentId);
      const event = t.fake.event('payment_intent.succeeded', paymentIntentId);
      const busy = await t.ctx.db.transaction(async (tx) => {
        await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
        return t.deliver(event);
      });
      expect(busy.statusCode).toBe(503);
      expect(busy.json().error.code).toBe('busy');
      expect(await t.processedEvents()).not.toContain(event.id);
      expect((await t.deliver(event)).json()).toMatchObject({ bookingStatus: 'confirmed' });
    });
  }
});
