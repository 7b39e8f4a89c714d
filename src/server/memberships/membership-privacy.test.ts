import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinMembershipResponse } from '../../shared/contracts/memberships';
import { openStripeTestApp } from '../payments/testing/fake-stripe/stripe-test-kit';
import { runRetention } from '../privacy/retention';
import { signInAs } from '../testing/staff-fixtures';
import { testConfig } from '../testing/test-config';
import { testDbKinds } from '../testing/test-database';
import { familyWithChildren, membershipRow } from './testing/membership-fixtures';

/**
 * Privacy (DECISIONS.md "Data rights and retention"): a membership is in the family's export; erasure ends
 * it, cancelling a live Stripe subscription first, and leaves the row naming no one; retention anonymises
 * an ended one after the bookings' period.
 */
describe.each(testDbKinds)('memberships and data rights (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openStripeTestApp>>;
  let admin: string;
  beforeAll(async () => {
    t = await openStripeTestApp(kind);
    admin = (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie;
  });
  afterAll(() => t.close());
  const asAdmin = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('exports a membership, and erasure cancels its live Stripe subscription before anonymising it', async () => {
    const email = 'forget-me@example.com';
    const { family, childIds } = await familyWithChildren(t.app, t.ctx.db, email, ['Lou'], new Date());
    const joined = (
      await family('POST', '/api/memberships', { planId: 'monthly-play-pass', childIds })
    ).json() as JoinMembershipResponse;
    const m = await membershipRow(t.ctx.db, joined.membershipId);
    const sub = t.fake.billing.subscriptions.get(m.providerSubscriptionId!)!;
    const intent = t.fake.billing.intentOfInvoice(sub.latest_invoice);
    t.fake.controls.succeed(intent);
    await t.deliver(t.fake.event('payment_intent.succeeded', intent));
    expect((await membershipRow(t.ctx.db, m.id)).status).toBe('active');

    const exported = await asAdmin('/api/admin/privacy/export', { email });
    expect(exported.statusCode, exported.body).toBe(200);
    const { tables } = JSON.parse(exported.body) as { tables: Record<string, Record<string, unknown>[]> };
    expect(tables.memberships).toEqual([expect.objectContaining({ id: m.id, plan_id: 'monthly-play-pass' })]);
    expect(tables.membership_children).toEqual([expect.objectContaining({ child_id: childIds[0] })]);
    expect(tables.payments).toEqual([expect.objectContaining({ membership_id: m.id, purpose: 'membership' })]);

    const erased = await asAdmin('/api/admin/privacy/erase', { email: 'Forget-Me@example.com' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ memberships: 1 });
    expect(sub.status).toBe('canceled');
    const after = await membershipRow(t.ctx.db, m.id);
    expect(after).toMatchObject({ status: 'ended', statusReason: 'erased', pricePence: 2499 });
    expect(after.email).toMatch(/^erased\+.*@invalid$/);
    const again = await asAdmin('/api/admin/privacy/export', { email });
    expect(JSON.parse(again.body).tables.memberships).toEqual([]);
  });

  it('anonymises an ended membership after the bookings period, and a never-paid one after the holds period', async () => {
    const { family, childIds } = await familyWithChildren(
      t.app,
      t.ctx.db,
      'old@example.com',
      ['Max', 'Mia'],
      new Date(),
    );
    const unpaid = (await family('POST', '/api/memberships', { planId: 'annual-family-pass', childIds })).json();
    const periods = testConfig();
    const soon = await runRetention({ db: t.ctx.db, now: new Date(), periods });
    expect(soon.memberships).toBe(0);
    const later = new Date(Date.now() + (periods.RETAIN_HOLDS_DAYS + 1) * 86_400_000);
    expect((await runRetention({ db: t.ctx.db, now: later, periods })).memberships).toBe(1);
    expect((await membershipRow(t.ctx.db, unpaid.membershipId)).email).toMatch(/^erased\+.*@invalid$/);
  });
});
