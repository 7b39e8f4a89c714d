import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './testing/fake-stripe/fake-stripe-server';
import { testConfig } from '../testing/test-config';
import type { Db } from '../db/client';
import { PaymentProviderError } from './provider';
import { selectPaymentProvider } from './select-provider';
import {
  createStripeProvider,
  mapIntentStatus,
  UnknownStripePaymentError,
  type StripePaymentProvider,
} from './stripe-provider';

/** The real stripe SDK against the local fake API: what goes over the wire and what comes back. */
describe('Stripe provider (real SDK, fake API)', () => {
  let fake: FakeStripe;
  let provider: StripePaymentProvider;
  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeProvider(
      { STRIPE_SECRET_KEY: 'sk_test_provider' },
      { apiBaseUrl: fake.url, timeoutMs: 2000 },
    );
  });
  afterAll(() => fake.close());

  const input = (bookingId: string, amountPence = 2450) => ({
    amountPence,
    idempotencyKey: bookingId,
    description: 'Play Time Barn booking PTB-1',
    email: 'jo@example.com',
    metadata: { bookingId, reference: 'PTB-1' },
  });

  it('creates a GBP PaymentIntent for card and Bacs with the booking id in metadata', async () => {
    const { providerPaymentId, clientSecret } = await provider.createPayment(input('booking-1'));
    expect(providerPaymentId).toMatch(/^pi_/);
    expect(clientSecret).toMatch(new RegExp(`^${providerPaymentId}_secret_`));
    const intent = fake.paymentIntents.get(providerPaymentId)!;
    expect(intent).toMatchObject({
      amount: 2450,
      currency: 'gbp',
      allowed_payment_method_types: ['card', 'bacs_debit'],
      metadata: { bookingId: 'booking-1', reference: 'PTB-1' },
      description: 'Play Time Barn booking PTB-1',
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: 'create-payment:booking-1',
    });
  });

  it('asks card only for a party: a bank debit would take days while the room is held for minutes', async () => {
    const { providerPaymentId } = await provider.createPayment({
      ...input('party-1:deposit:0:5000', 5000),
      metadata: { partyBookingId: 'party-1', reference: 'PTP-1', kind: 'deposit' },
    });
    expect(fake.paymentIntents.get(providerPaymentId)).toMatchObject({
      amount: 5000,
      allowed_payment_method_types: ['card'],
      metadata: { partyBookingId: 'party-1' },
    });
  });

  it('returns the same PaymentIntent when the same booking asks again', async () => {
    const a = await provider.createPayment(input('booking-2'));
    const b = await provider.createPayment(input('booking-2'));
    expect(b).toEqual(a);
    expect([...fake.paymentIntents.values()].filter((p) => p.metadata.bookingId === 'booking-2')).toHaveLength(1);
  });

  it('refuses to reuse a booking id for a different amount', async () => {
    await provider.createPayment(input('booking-3', 1000));
    await expect(provider.createPayment(input('booking-3', 2000))).rejects.toThrow(/idempotency_error|same parameters/);
  });

  it('maps every PaymentIntent state on retrieve', async () => {
    const { providerPaymentId: id } = await provider.createPayment(input('booking-4'));
    expect(await provider.retrievePayment(id)).toMatchObject({
      status: 'pending',
      amountPence: 2450,
      amountRefundedPence: 0,
      bookingId: 'booking-4',
      details: { methodType: null, receiptUrl: null }, // no charge yet
    });
    fake.controls.requireAction(id);
    expect((await provider.retrievePayment(id)).status).toBe('pending');
    fake.controls.fail(id);
    expect(await provider.retrievePayment(id)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    fake.controls.process(id);
    expect(await provider.retrievePayment(id)).toMatchObject({
      status: 'processing',
      details: {
        methodType: 'bacs_debit',
        receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/receipts\//),
      },
    });
    fake.controls.succeed(id);
    expect((await provider.retrievePayment(id)).status).toBe('succeeded');
    const other = await provider.createPayment(input('booking-5'));
    fake.controls.cancel(other.providerPaymentId);
    expect((await provider.retrievePayment(other.providerPaymentId)).status).toBe('canceled');
  });

  it('maps statuses a customer can still complete to pending, including ones a later API adds', () => {
    expect(mapIntentStatus({ status: 'requires_confirmation', last_payment_error: null })).toBe('pending');
    expect(mapIntentStatus({ status: 'requires_capture', last_payment_error: null })).toBe('processing');
    expect(mapIntentStatus({ status: 'some_future_state', last_payment_error: null })).toBe('pending');
  });

  it('refunds once per idempotency key and reports the refunded amount', async () => {
    const { providerPaymentId: id } = await provider.createPayment(input('booking-6'));
    fake.controls.succeed(id);
    const first = await provider.refund({ providerPaymentId: id, amountPence: 2450, idempotencyKey: 'booking-6' });
    const again = await provider.refund({ providerPaymentId: id, amountPence: 2450, idempotencyKey: 'booking-6' });
    expect(again.refundId).toBe(first.refundId);
    expect(fake.refunds.size).toBe(1);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/v1/refunds', idempotencyKey: 'booking-6' });
    expect(await provider.retrievePayment(id)).toMatchObject({ status: 'succeeded', amountRefundedPence: 2450 });
  });

  it('treats a charge already refunded in the Dashboard as refunded', async () => {
    const { providerPaymentId: id } = await provider.createPayment(input('booking-10'));
    fake.controls.succeed(id);
    const dashboard = fake.createRefund({ paymentIntent: id, metadata: {} });
    const ours = await provider.refund({
      providerPaymentId: id,
      amountPence: 2450,
      idempotencyKey: 'refund:booking-10',
    });
    expect(ours.refundId).toBe(dashboard.id);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === id)).toHaveLength(1);
  });

  it('reports an unknown PaymentIntent and Stripe errors as provider errors', async () => {
    await expect(provider.retrievePayment('pi_doesnotexist')).rejects.toBeInstanceOf(UnknownStripePaymentError);
    const { providerPaymentId: id } = await provider.createPayment(input('booking-7'));
    await expect(
      provider.refund({ providerPaymentId: id, amountPence: 2450, idempotencyKey: 'booking-7' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(provider.createPayment(input('booking-8', 10))).rejects.toThrow(/amount_too_small/);
  });

  it('retries a Stripe outage on its own and fails cleanly when it lasts', async () => {
    fake.failNextRequests(1);
    const ok = await provider.createPayment(input('booking-9'));
    expect(ok.providerPaymentId).toMatch(/^pi_/);
    fake.failNextRequests(5);
    const err = await provider.retrievePayment(ok.providerPaymentId).catch((e: unknown) => e);
    fake.failNextRequests(0);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect(err).not.toBeInstanceOf(UnknownStripePaymentError);
  });

  it('refuses a wrong secret key', async () => {
    const bad = createStripeProvider({ STRIPE_SECRET_KEY: 'rk_live_nope' }, { apiBaseUrl: fake.url });
    await expect(bad.retrievePayment('pi_x')).rejects.toThrow(/authentication|Invalid API Key/i);
  });
});

describe('Stripe provider selection', () => {
  const db = {} as Db;
  const keys = { STRIPE_SECRET_KEY: 'sk_test_sel', STRIPE_PUBLISHABLE_KEY: 'pk_test_sel' };
  it('uses Stripe when both keys are set, the test provider otherwise', () => {
    expect(selectPaymentProvider({ config: testConfig(keys), db }).name).toBe('stripe');
    expect(selectPaymentProvider({ config: testConfig({ STRIPE_SECRET_KEY: 'sk_test_sel' }), db }).name).toBe('test');
  });
  it('refuses to start in production without the webhook signing secret', () => {
    expect(() => selectPaymentProvider({ config: testConfig({ ...keys, NODE_ENV: 'production' }), db })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(
      selectPaymentProvider({
        config: testConfig({ ...keys, NODE_ENV: 'production', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
        db,
      }).name,
    ).toBe('stripe');
  });
});
