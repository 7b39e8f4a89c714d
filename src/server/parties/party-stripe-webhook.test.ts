import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, postJson } from '../bookings/testing/booking-fixtures';
import { partyBookings, payments } from '../db/schema';
import { openStripeTestApp, weekdayAhead } from '../payments/testing/fake-stripe/stripe-test-kit';
import { testDbKinds } from '../testing/test-database';

type Kit = Awaited<ReturnType<typeof openStripeTestApp>>;

/**
 * A party deposit paid through Stripe (the real SDK against the local fake API) and confirmed by signed
 * webhooks, delivered more than once and out of order: the party is confirmed and counted paid once.
 */
describe.each(testDbKinds)('party deposit through Stripe webhooks on %s', (kind) => {
  let t: Kit;
  beforeAll(async () => {
    t = await openStripeTestApp(kind);
  });
  afterAll(() => t.close());

  it('says the PaymentIntent is a party deposit and confirms the party once', async () => {
    const res = await postJson(t.app, '/api/parties', {
      date: weekdayAhead(),
      slotId: 'midday',
      packageId: 'bronze',
      children: 10,
      childFirstName: 'Alfie',
      childAge: 5,
      parentName: 'Stripe Parent',
      parentEmail: 'stripe-party@example.com',
      parentPhone: '07700 900456',
      agreeToTerms: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { partyId, reference } = res.json() as { partyId: string; reference: string };
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.partyBookingId, partyId));
    const pi = payment!.providerPaymentId!;
    const intent = t.fake.paymentIntents.get(pi)!;
    expect(intent).toMatchObject({ amount: 5000, currency: 'gbp' });
    expect(intent.metadata).toEqual({ partyBookingId: partyId, reference, kind: 'deposit' });

    t.fake.controls.succeed(pi);
    const succeeded = t.fake.event('payment_intent.succeeded', pi);
    for (const ev of [succeeded, succeeded, t.fake.event('payment_intent.succeeded', pi)]) {
      const delivered = await t.deliver(ev);
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    const [party] = await t.ctx.db.select().from(partyBookings).where(eq(partyBookings.id, partyId));
    expect(party).toMatchObject({ status: 'confirmed', paidPence: 5000 });
    expect((await mailsTo(t.ctx.db, 'stripe-party@example.com')).map((m) => m.template)).toEqual([
      'party-confirmation',
    ]);
  });
});
