import { eq } from 'drizzle-orm';
import { runSweep } from '../sweep';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, postJson } from '../bookings/testing/booking-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { creditPurchases, payments } from '../db/schema';
import { openStripeTestApp, weekdayAhead } from '../payments/testing/fake-stripe/stripe-test-kit';
import { paymentDeps } from '../payments/payment-deps';
import { testDbKinds } from '../testing/test-database';
import { ledgerKinds, lookup, purchaseBody } from './testing/credit-fixtures';

type Kit = Awaited<ReturnType<typeof openStripeTestApp>>;

/**
 * A bundle bought through Stripe (the real SDK against the local fake API) and confirmed by signed
 * webhooks: delivered three times, newest first, the credits are still granted exactly once.
 */
describe.each(testDbKinds)('credit purchase through Stripe webhooks on %s', (kind) => {
  let t: Kit;
  beforeAll(async () => {
    t = await openStripeTestApp(kind);
  });
  afterAll(() => t.close());

  async function purchase(email: string) {
    const res = await postJson(t.app, '/api/session-credits/purchase', purchaseBody(email));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.creditPurchaseId, body.purchaseId));
    return { ...body, pi: p!.providerPaymentId! } as {
      purchaseId: string;
      clientSecret: string;
      amount: number;
      pi: string;
    };
  }

  it('creates a £75.00 PaymentIntent that says it buys credits', async () => {
    const p = await purchase('meta@example.com');
    const intent = t.fake.paymentIntents.get(p.pi)!;
    expect(intent).toMatchObject({ amount: 7500, currency: 'gbp', client_secret: p.clientSecret });
    expect(intent.metadata).toEqual({ creditPurchaseId: p.purchaseId });
  });

  it('grants the credits once when the events come three times each, newest first', async () => {
    const p = await purchase('webhooks@example.com');
    t.fake.controls.process(p.pi);
    const processing = t.fake.event('payment_intent.processing', p.pi);
    t.fake.controls.succeed(p.pi);
    const succeeded = t.fake.event('payment_intent.succeeded', p.pi);
    for (const ev of [succeeded, processing, succeeded, processing, succeeded, processing]) {
      const res = await t.deliver(ev);
      expect(res.statusCode, res.body).toBe(200);
    }
    // A fresh event id for the same success (Stripe resends under a new id sometimes) changes nothing either.
    expect((await t.deliver(t.fake.event('payment_intent.succeeded', p.pi))).json()).toMatchObject({
      outcome: 'unchanged',
    });
    await runSweep({ ...paymentDeps(t.ctx), now: new Date(Date.now() + 3_600_000) });

    expect(await lookup(t.app, t.ctx.db, 'webhooks@example.com')).toMatchObject({ totalActiveCredits: 10 });
    expect(await ledgerKinds(t.ctx.db, 'webhooks@example.com')).toEqual(['grant:10']);
    expect(await mailsTo(t.ctx.db, 'webhooks@example.com')).toHaveLength(1);
  });

  it('grants nothing for a failed or cancelled PaymentIntent', async () => {
    const p = await purchase('nothing@example.com');
    t.fake.controls.fail(p.pi);
    await t.deliver(t.fake.event('payment_intent.payment_failed', p.pi));
    t.fake.controls.cancel(p.pi);
    await t.deliver(t.fake.event('payment_intent.canceled', p.pi));
    expect((await lookup(t.app, t.ctx.db, 'nothing@example.com')).totalActiveCredits).toBe(0);
    const [row] = await t.ctx.db.select().from(creditPurchases).where(eq(creditPurchases.id, p.purchaseId));
    expect(row!.status).toBe('canceled');
  });

  it('takes back what is left of a bundle refunded from the Stripe dashboard, never below zero', async () => {
    const p = await purchase('refunded@example.com');
    t.fake.controls.succeed(p.pi);
    await t.deliver(t.fake.event('payment_intent.succeeded', p.pi));
    const booked = await postJson(
      t.app,
      '/api/create-booking-payment',
      {
        customerName: 'Sam Carer',
        customerEmail: 'refunded@example.com',
        customerPhone: '07700 900456',
        selectedDate: weekdayAhead(),
        ticketQuantities: { 'child-1-12': 3 },
        totalAmount: 2850,
        agreeToTerms: true,
        loyaltyOptIn: false,
      },
      await familyCookieFor(t.ctx.db, 'refunded@example.com'),
    );
    expect(booked.json()).toMatchObject({ sessionCreditsUsed: 3, finalAmount: 0 });
    t.fake.createRefund({ paymentIntent: p.pi, metadata: {} });
    const refund = t.fake.event('charge.refunded', t.fake.paymentIntents.get(p.pi)!.latest_charge!);
    await t.deliver(refund);
    await t.deliver(refund);
    expect(await lookup(t.app, t.ctx.db, 'refunded@example.com')).toMatchObject({
      totalActiveCredits: 0,
      activeCredits: [],
    });
    expect(await ledgerKinds(t.ctx.db, 'refunded@example.com')).toEqual(['grant:10', 'hold:3', 'use:3', 'revoke:7']);
    const [row] = await t.ctx.db.select().from(creditPurchases).where(eq(creditPurchases.id, p.purchaseId));
    expect(row!.status).toBe('refunded');
  });
});
