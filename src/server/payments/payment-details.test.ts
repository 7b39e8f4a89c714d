import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchPaymentsResponse } from '../../shared/contracts/admin';
import type { BookingManagerDetailResponse } from '../../shared/contracts/booking-manager';
import { runSweep } from '../sweep';
import { payments } from '../db/schema';
import { authed, book } from '../testing/dashboard-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { paymentDeps } from './payment-deps';
import { openStripeTestApp } from './testing/fake-stripe/stripe-test-kit';

/**
 * Issue 17: a payment records how it was paid (payment_method_type) and its receipt (receipt_url) from
 * what the provider reports: Stripe's latest charge, fetched again (expanded) on every webhook and sweep
 * re-check. TEST MODE has neither and stores null.
 */
type Db = Awaited<ReturnType<typeof openTestApp>>['ctx']['db'];
async function stored(db: Db, bookingId: string) {
  const [row] = await db
    .select({ status: payments.status, method: payments.paymentMethodType, receipt: payments.receiptUrl })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));
  return row!;
}

describe.each(testDbKinds)('payment method and receipt from Stripe (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openStripeTestApp>>;
  let cookie = '';
  beforeAll(async () => {
    t = await openStripeTestApp(kind);
    ({ cookie } = await signInAs(t.app, t.ctx));
  });
  afterAll(() => t?.close());

  const chargeOf = (pi: string) => t.fake.charges.get(t.fake.paymentIntents.get(pi)!.latest_charge!)!;

  it('stores nothing before there is a charge, then the card and its receipt once the webhook confirms', async () => {
    const b = await t.book('card@example.com');
    expect(await stored(t.ctx.db, b.bookingId)).toEqual({ status: 'pending', method: null, receipt: null });

    t.fake.controls.succeed(b.paymentIntentId);
    const res = await t.deliver(t.fake.event('payment_intent.succeeded', b.paymentIntentId));
    expect(res.statusCode, res.body).toBe(200);
    const charge = chargeOf(b.paymentIntentId);
    expect(charge.receipt_url).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\/payment\/\S+$/);
    expect(await stored(t.ctx.db, b.bookingId)).toEqual({
      status: 'succeeded',
      method: 'card',
      receipt: charge.receipt_url,
    });
    // The provider asked for the charge itself, not just its id.
    expect(
      t.fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${b.paymentIntentId}`),
    ).toBe(true);
  });

  it('a bank debit is bacs_debit from its processing report on, and keeps its receipt when it clears', async () => {
    const b = await t.book('bacs@example.com');
    t.fake.controls.process(b.paymentIntentId);
    expect((await t.deliver(t.fake.event('payment_intent.processing', b.paymentIntentId))).statusCode).toBe(200);
    const receipt = chargeOf(b.paymentIntentId).receipt_url;
    expect(await stored(t.ctx.db, b.bookingId)).toEqual({ status: 'processing', method: 'bacs_debit', receipt });

    t.fake.controls.succeed(b.paymentIntentId);
    expect((await t.deliver(t.fake.event('payment_intent.succeeded', b.paymentIntentId))).statusCode).toBe(200);
    expect(await stored(t.ctx.db, b.bookingId)).toEqual({ status: 'succeeded', method: 'bacs_debit', receipt });
  });

  it('the sweep fills them in when the webhook never came', async () => {
    const b = await t.book('nowebhook@example.com');
    t.fake.controls.succeed(b.paymentIntentId);
    const swept = await runSweep({ ...paymentDeps(t.ctx), now: new Date(Date.now() + 5 * 60_000) });
    expect(swept.rechecked).toBeGreaterThanOrEqual(1);
    expect(await stored(t.ctx.db, b.bookingId)).toEqual({
      status: 'succeeded',
      method: 'card',
      receipt: chargeOf(b.paymentIntentId).receipt_url,
    });
  });

  it('staff see them in the payment search and on the booking', async () => {
    const b = await t.book('shown@example.com');
    t.fake.controls.succeed(b.paymentIntentId);
    await t.deliver(t.fake.event('payment_intent.succeeded', b.paymentIntentId));
    const receipt = chargeOf(b.paymentIntentId).receipt_url;

    const search = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-payments',
      ...authed(cookie),
      payload: { searchTerm: 'Jo Bloggs' },
    });
    expect(search.statusCode, search.body).toBe(200);
    const found = (search.json() as SearchPaymentsResponse).payments.find((p) => p.booking_id === b.bookingId);
    expect(found).toMatchObject({ payment_method_type: 'card', receipt_url: receipt });

    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/bookings/${b.bookingId}`, ...authed(cookie) });
    expect(detail.statusCode, detail.body).toBe(200);
    expect((detail.json() as BookingManagerDetailResponse).booking.payments).toEqual([
      expect.objectContaining({ status: 'succeeded', methodType: 'card', receiptUrl: receipt }),
    ]);
  });
});

describe.each(testDbKinds)('payment method and receipt in TEST MODE (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let cookie = '';
  beforeAll(async () => {
    // The fixtures book 22 October 2025: two days ahead.
    t = await openTestApp(kind, { now: () => new Date('2025-10-20T09:00:00Z') });
    ({ cookie } = await signInAs(t.app, t.ctx));
  });
  afterAll(() => t?.close());

  it('leaves both null (no charge, no receipt); the search still says card, the only TEST MODE method', async () => {
    const { bookingId } = await book(t.app, { customerName: 'Tess Mode', customerEmail: 'tess@example.com' });
    expect(await stored(t.ctx.db, bookingId)).toEqual({ status: 'succeeded', method: null, receipt: null });

    const search = await t.app.inject({
      method: 'POST',
      url: '/api/admin/search-payments',
      ...authed(cookie),
      payload: { searchTerm: 'Tess Mode' },
    });
    expect((search.json() as SearchPaymentsResponse).payments).toEqual([
      expect.objectContaining({ booking_id: bookingId, payment_method_type: 'card', receipt_url: null }),
    ]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/bookings/${bookingId}`, ...authed(cookie) });
    expect((detail.json() as BookingManagerDetailResponse).booking.payments).toEqual([
      expect.objectContaining({ methodType: null, receiptUrl: null }),
    ]);
  });
});
