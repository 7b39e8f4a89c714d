import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutsReport } from '../../shared/contracts/accounts';
import { requestAs } from '../catalogue/testing/admin-fixtures';
import { openStripeTestApp } from '../payments/testing/fake-stripe/stripe-test-kit';
import { signInAs } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';

describe.each(testDbKinds)('Stripe’s payouts matched to our payments (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openStripeTestApp>>;
  let admin: ReturnType<typeof requestAs>;
  beforeAll(async () => {
    t = await openStripeTestApp(kind);
    admin = requestAs(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);
  });
  afterAll(() => t?.close());

  it('lists each payout’s charges, refunds and fees, matched or listed apart, with its journal', async () => {
    const a = await t.book('a@example.com');
    const b = await t.book('b@example.com');
    t.fake.controls.succeed(a.paymentIntentId);
    t.fake.controls.succeed(b.paymentIntentId);
    const refund = await t.provider.refund({
      providerPaymentId: b.paymentIntentId,
      amountPence: 500,
      idempotencyKey: 'r1',
    });
    // Monday 3 November 2025: the two £21 visits (fees 1.5% + 20p: 52p each), a £5 refund, and someone else's £10 charge.
    const payout = t.fake.payouts.payout({
      arrivalDate: new Date('2025-11-03T00:00:00Z'),
      paymentIntents: [a.paymentIntentId, b.paymentIntentId],
      refunds: [refund.refundId],
      extra: [{ type: 'charge', amount: 1000, fee: 35 }],
    });
    expect(payout.amount).toBe(2100 - 52 + 2100 - 52 - 500 + 1000 - 35);
    t.fake.payouts.payout({ arrivalDate: new Date('2025-11-20T00:00:00Z'), paymentIntents: [] });

    const res = await admin('GET', '/api/admin/accounts/payouts?from=2025-11-01&to=2025-11-07');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as PayoutsReport;
    expect(report.available).toBe(true);
    expect(report.payouts).toHaveLength(1);
    const [p] = report.payouts;
    expect(p).toMatchObject({ id: payout.id, arrivalDate: '2025-11-03', amountPence: payout.amount });
    expect(p!.transactions.map((x) => [x.type, x.amountPence, x.feePence, x.matched])).toEqual([
      ['charge', 2100, 52, true],
      ['charge', 2100, 52, true],
      ['refund', -500, 0, true],
      ['charge', 1000, 35, false],
    ]);
    expect(report.unmatched).toEqual([
      expect.objectContaining({ type: 'charge', amountPence: 1000, matched: false, paymentId: null }),
    ]);
    // Stripe clearing to the bank, net of fees: the journal balances.
    expect(p!.journal.map((l) => [l.accountCode, l.amountPence])).toEqual([
      ['090', payout.amount],
      ['404', 139],
      ['610', -(2100 + 2100 - 500 + 1000)],
    ]);
    expect(p!.journal.reduce((s, l) => s + l.amountPence, 0)).toBe(0);
  });

  it('answers 502 when Stripe cannot be asked', async () => {
    t.fake.failNextRequests(5);
    const res = await admin('GET', '/api/admin/accounts/payouts?from=2025-11-01&to=2025-11-07');
    expect(res.statusCode).toBe(502);
    t.fake.failNextRequests(0);
  });
});
