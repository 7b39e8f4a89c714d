import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import { requestAs } from '../catalogue/testing/admin-fixtures';
import { publicUrlOf } from '../config';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { openStripeTestApp } from '../payments/testing/fake-stripe/stripe-test-kit';
import { rowCounter } from '../testing/row-counts';
import { testDbKinds } from '../testing/test-database';
import { familyWithChildren, mailsTo, membershipPayments, membershipRow } from './testing/membership-fixtures';

/**
 * A monthly plan with Stripe: a real Stripe Billing subscription made with the real SDK against the local
 * Stripe peer, its first invoice paid through the ordinary PaymentIntent webhook, then Stripe's own
 * renewals, failures and the subscription's end arriving as signed webhooks, each applied once.
 */
describe.each(testDbKinds)('memberships with Stripe Billing (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openStripeTestApp>>;
  beforeAll(async () => {
    t = await openStripeTestApp(kind);
  });
  afterAll(() => t.close());
  const email = 'stripe-family@example.com';
  let joined: JoinMembershipResponse;
  let subscriptionId: string;

  it('joins the Monthly Play Pass as a Stripe subscription and activates it when the first invoice is paid', async () => {
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Hal'], new Date());
    const res = await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds });
    expect(res.statusCode, res.body).toBe(201);
    joined = res.json();
    expect(joined).toMatchObject({ amount: 2499, period: 'monthly', subscription: true });
    const m = await membershipRow(t.ctx.db, joined.membershipId);
    expect(m.status).toBe('pending');
    subscriptionId = m.providerSubscriptionId!;
    const sub = t.fake.billing.subscriptions.get(subscriptionId)!;
    expect(sub).toMatchObject({
      status: 'incomplete',
      customer: m.providerCustomerId,
      metadata: { membershipId: m.id },
      payment_settings: { save_default_payment_method: 'on_subscription' },
    });
    expect(sub.items.data[0]!.price).toMatchObject({
      unit_amount: 2499,
      currency: 'gbp',
      recurring: { interval: 'month' },
    });
    // The client secret is the first invoice's PaymentIntent's, and the payment row names that PaymentIntent.
    const intentId = t.fake.billing.intentOfInvoice(sub.latest_invoice);
    expect(joined.clientSecret).toBe(t.fake.pi(intentId).client_secret);
    const [first] = await membershipPayments(t.ctx.db, m.id);
    expect(first).toMatchObject({ purpose: 'membership', providerPaymentId: intentId, status: 'pending' });

    t.fake.controls.succeed(intentId);
    const res1 = await t.deliver(t.fake.event('payment_intent.succeeded', intentId));
    expect(res1.statusCode, res1.body).toBe(200);
    expect(await membershipRow(t.ctx.db, m.id)).toMatchObject({ status: 'active', periodsPaid: 1 });
    // The first invoice's invoice.paid changes nothing more.
    const res2 = await t.deliver(t.fake.event('invoice.paid', sub.latest_invoice));
    expect(res2.json()).toEqual({ received: true, billing: 'unchanged' });
    expect(await mailsTo(t.ctx.db, email, 'membership-welcome')).toHaveLength(1);
  });

  it('leaves nothing behind when Stripe cannot start the subscription', async () => {
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'outage@example.com', ['Oz'], new Date());
    const counts = await rowCounter(t.ctx.db);
    const before = await counts();
    t.fake.failNextRequests(9);
    const res = await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds });
    t.fake.failNextRequests(0);
    expect([res.statusCode, res.json().error.code]).toEqual([502, 'payment_unavailable']);
    expect(await counts()).toEqual(before);
  });

  it('applies a renewal once: the period extended and the payment recorded; a replay or a forged event changes nothing', async () => {
    const before = await membershipRow(t.ctx.db, joined.membershipId);
    const invoiceId = t.fake.billing.nextInvoice(subscriptionId);
    t.fake.billing.payInvoice(invoiceId);
    const event = t.fake.event('invoice.paid', invoiceId);
    const res = await t.deliver(event);
    expect(res.json()).toEqual({ received: true, billing: 'updated' });
    const after = await membershipRow(t.ctx.db, joined.membershipId);
    expect(after.periodsPaid).toBe(2);
    expect(after.currentPeriodEnd!.getTime()).toBeGreaterThan(before.currentPeriodEnd!.getTime());
    const paid = await membershipPayments(t.ctx.db, joined.membershipId);
    expect(paid.map((p) => [p.purpose, p.membershipPeriod, p.status])).toEqual([
      ['membership', 1, 'succeeded'],
      ['membership_renewal', 2, 'succeeded'],
    ]);

    const counts = await rowCounter(t.ctx.db);
    const snapshot = await counts();
    expect((await t.deliver(event)).json()).toEqual({ received: true, duplicate: true });
    // The same invoice under a new event id (Stripe may send one twice): still once.
    expect((await t.deliver(t.fake.event('invoice.paid', invoiceId))).json()).toEqual({
      received: true,
      billing: 'unchanged',
    });
    const forged = await t.deliver(t.fake.event('invoice.paid', invoiceId), { secret: 'whsec_wrong' });
    expect([forged.statusCode, forged.json().error.code]).toEqual([400, 'invalid_signature']);
    const unsigned = await t.deliver(t.fake.event('customer.subscription.deleted', subscriptionId), {
      signature: null,
    });
    expect(unsigned.statusCode).toBe(400);
    const { processed_webhook_events: _events, ...rest } = snapshot as Record<string, number>;
    const { processed_webhook_events: _after, ...restAfter } = (await counts()) as Record<string, number>;
    expect(restAfter).toEqual(rest);
    expect(await membershipRow(t.ctx.db, joined.membershipId)).toMatchObject({
      periodsPaid: 2,
      version: after.version,
    });
  });

  it('marks a failed renewal past due and mails; after Stripe’s last try, pauses', async () => {
    const invoiceId = t.fake.billing.nextInvoice(subscriptionId);
    t.fake.billing.failInvoice(invoiceId);
    const first = t.fake.event('invoice.payment_failed', invoiceId);
    expect((await t.deliver(first)).json()).toEqual({ received: true, billing: 'updated' });
    expect(await membershipRow(t.ctx.db, joined.membershipId)).toMatchObject({
      status: 'past_due',
      renewalAttempts: 1,
    });
    expect((await t.deliver(first)).json()).toEqual({ received: true, duplicate: true });
    expect(await mailsTo(t.ctx.db, email, 'membership-renewal-failed')).toHaveLength(1);

    t.fake.billing.failInvoice(invoiceId, { final: true });
    expect((await t.deliver(t.fake.event('invoice.payment_failed', invoiceId))).json()).toEqual({
      received: true,
      billing: 'updated',
    });
    expect(await membershipRow(t.ctx.db, joined.membershipId)).toMatchObject({ status: 'paused', renewalAttempts: 2 });
    const mails = await mailsTo(t.ctx.db, email, 'membership-renewal-failed');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain('paused');
  });

  it('sends the family to a Billing Portal session of its customer to update the card; the open invoice paid makes it active again', async () => {
    const m = await membershipRow(t.ctx.db, joined.membershipId);
    expect(m).toMatchObject({ status: 'paused', statusReason: 'renewal_failed' });
    const family = requestAs(t.app, await familyCookieFor(t.ctx.db, email, new Date()));
    const anon = requestAs(t.app, undefined);
    expect((await anon('POST', `/api/family/memberships/${m.id}/update-card`)).statusCode).toBe(401);

    const before = t.fake.billing.portalSessions.length;
    const res = await family('POST', `/api/family/memberships/${m.id}/update-card`);
    expect(res.statusCode, res.body).toBe(200);
    const session = t.fake.billing.portalSessions.at(-1)!;
    expect(t.fake.billing.portalSessions).toHaveLength(before + 1);
    expect(session).toMatchObject({
      customer: m.providerCustomerId,
      return_url: `${publicUrlOf(t.ctx)}/my-bookings?membership=${m.id}`,
    });
    expect(res.json()).toEqual({ kind: 'redirect', url: session.url });

    // Stripe unreachable: a clear 502.
    t.fake.failNextRequests(3);
    const down = await family('POST', `/api/family/memberships/${m.id}/update-card`);
    t.fake.failNextRequests(0);
    expect([down.statusCode, down.json().error.code]).toEqual([502, 'payment_unavailable']);

    // In the portal the family changes the card and Stripe pays the open invoice: active again, extended once.
    const invoiceId = t.fake.billing.subscriptions.get(subscriptionId)!.latest_invoice;
    t.fake.billing.payInvoice(invoiceId);
    expect((await t.deliver(t.fake.event('invoice.paid', invoiceId))).json()).toEqual({
      received: true,
      billing: 'updated',
    });
    expect((await t.deliver(t.fake.event('invoice.paid', invoiceId))).json()).toEqual({
      received: true,
      billing: 'unchanged',
    });
    const after = await membershipRow(t.ctx.db, m.id);
    expect(after).toMatchObject({ status: 'active', statusReason: null, periodsPaid: m.periodsPaid + 1 });
    const again = await family('POST', `/api/family/memberships/${m.id}/update-card`);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'membership_state']);
  });

  it('ends the membership when Stripe says the subscription is deleted; cancelling tells Stripe', async () => {
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, 'leaver@example.com', ['Ivy'], new Date());
    const res = await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds });
    const { membershipId } = res.json() as JoinMembershipResponse;
    const m = await membershipRow(t.ctx.db, membershipId);
    const sub = t.fake.billing.subscriptions.get(m.providerSubscriptionId!)!;
    const intentId = t.fake.billing.intentOfInvoice(sub.latest_invoice);
    t.fake.controls.succeed(intentId);
    await t.deliver(t.fake.event('payment_intent.succeeded', intentId));
    // Stripe unreachable: a clear 502, and nothing changes here.
    t.fake.failNextRequests(3);
    const down = await family('POST', `/api/family/memberships/${membershipId}/cancel`, { mode: 'end_of_period' });
    expect([down.statusCode, down.json().error.code]).toEqual([502, 'payment_unavailable']);
    expect((await membershipRow(t.ctx.db, membershipId)).status).toBe('active');
    t.fake.failNextRequests(0);
    const cancelled = await family('POST', `/api/family/memberships/${membershipId}/cancel`, { mode: 'end_of_period' });
    expect(cancelled.json()).toMatchObject({ membership: { status: 'cancelled', cancelAtPeriodEnd: true } });
    expect(sub.cancel_at_period_end).toBe(true);

    t.fake.billing.cancelSubscription(sub.id);
    const deleted = await t.deliver(t.fake.event('customer.subscription.deleted', sub.id));
    expect(deleted.json()).toEqual({ received: true, billing: 'updated' });
    expect((await membershipRow(t.ctx.db, membershipId)).status).toBe('ended');
    // The same deletion again under another event id: already ended, nothing changes.
    const again = await t.deliver({ ...t.fake.event('customer.subscription.deleted', sub.id), id: 'evt_foreign' });
    expect(again.json()).toEqual({ received: true, billing: 'unchanged' });
  });
});
