import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPayload, mailsTo, postJson, taken } from './testing/booking-fixtures';
import { runSweep } from '../sweep';
import { bookings, loyaltyLedger, payments, sessionOccupancy, testProviderPayments } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { applyPaymentStatus } from '../payments/apply-payment-status';
import type { IncomingPaymentStatus } from '../payments/payment-transitions';
import { nextPaymentStatus } from '../payments/payment-transitions';
import { paymentDeps } from '../payments/payment-deps';

const START = new Date('2025-10-20T10:00:00Z');

describe('payment transitions', () => {
  it('ignores stale and repeated reports', () => {
    expect(nextPaymentStatus('pending', 'succeeded')).toBe('succeeded');
    expect(nextPaymentStatus('succeeded', 'succeeded')).toBeNull();
    expect(nextPaymentStatus('succeeded', 'processing')).toBeNull();
    expect(nextPaymentStatus('succeeded', 'failed')).toBeNull();
    expect(nextPaymentStatus('failed', 'succeeded')).toBe('succeeded'); // a retried card
    expect(nextPaymentStatus('refunded', 'succeeded')).toBeNull();
    expect(nextPaymentStatus('canceled', 'succeeded')).toBeNull();
    expect(nextPaymentStatus('processing', 'pending')).toBeNull();
  });
});

describe.each(testDbKinds)('applyPaymentStatus on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());

  const create = async (email: string, overrides = {}) => {
    const res = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: email, ...overrides }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const bookingId = res.json().bookingId as string;
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    return { bookingId, providerPaymentId: p!.providerPaymentId! };
  };
  /** The provider's side: the test ledger says what a webhook would report. */
  const providerSays = (id: string, status: 'succeeded' | 'processing' | 'failed' | 'canceled') =>
    t.ctx.db.update(testProviderPayments).set({ status }).where(eq(testProviderPayments.id, id));
  const apply = (providerPaymentId: string, status: IncomingPaymentStatus) =>
    applyPaymentStatus({ ...paymentDeps(t.ctx), providerPaymentId, status, now: clock });
  /** The booking's loyalty lines: confirming earns once ('earn'), a refund takes it back once ('reverse'). */
  const pointLines = async (bookingId: string) =>
    (
      await t.ctx.db
        .select({ kind: loyaltyLedger.kind })
        .from(loyaltyLedger)
        .where(eq(loyaltyLedger.bookingId, bookingId))
    )
      .map((r) => r.kind)
      .sort();
  const bookingStatus = async (id: string) =>
    (await t.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;

  it('gives the same end state for repeated and out-of-order reports', async () => {
    const { bookingId, providerPaymentId } = await create('idem@example.com');
    await providerSays(providerPaymentId, 'succeeded');
    const order: IncomingPaymentStatus[] = [
      'succeeded',
      'processing',
      'succeeded',
      'failed',
      'pending',
      'succeeded',
      'canceled',
    ];
    const results = [];
    for (const s of order) results.push(await apply(providerPaymentId, s));
    expect(results[0]).toMatchObject({ outcome: 'updated', bookingStatus: 'confirmed' });
    expect(results.slice(1).every((r) => r.outcome === 'unchanged')).toBe(true);
    expect(await bookingStatus(bookingId)).toBe('confirmed');
    expect(await pointLines(bookingId)).toEqual(['earn']);
    expect(await mailsTo(t.ctx.db, 'idem@example.com')).toHaveLength(1);
  });

  it('goes pending -> processing -> succeeded for a bank debit, keeping the places past the hold', async () => {
    const { bookingId, providerPaymentId } = await create('bacs@example.com', { selectedTime: 'midday' });
    const before = await taken(t.ctx.db, '2025-10-22', 'midday');
    expect(await apply(providerPaymentId, 'processing')).toMatchObject({ bookingStatus: 'processing' });
    clock = new Date(START.getTime() + 2 * 86_400_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock }); // the ledger still says pending: nothing to apply
    expect(await bookingStatus(bookingId)).toBe('processing');
    expect(await taken(t.ctx.db, '2025-10-22', 'midday')).toBe(before);
    await providerSays(providerPaymentId, 'succeeded');
    expect(await apply(providerPaymentId, 'succeeded')).toMatchObject({ bookingStatus: 'confirmed' });
    clock = START;
  });

  it('releases the places when a bank debit fails days later', async () => {
    const { bookingId, providerPaymentId } = await create('bacs-fail@example.com', { selectedTime: 'afternoon' });
    const held = await taken(t.ctx.db, '2025-10-22', 'afternoon');
    await apply(providerPaymentId, 'processing');
    clock = new Date(START.getTime() + 3 * 86_400_000);
    expect(await apply(providerPaymentId, 'failed')).toMatchObject({ bookingStatus: 'failed' });
    expect(await taken(t.ctx.db, '2025-10-22', 'afternoon')).toBe(held - 2);
    clock = START;
    expect(bookingId).toBeTruthy();
  });

  it('refunds automatically, with an e-mail, when a late payment finds the session full', async () => {
    const date = '2025-10-23';
    await t.ctx.db.insert(sessionOccupancy).values({ visitDate: date, sessionId: 'morning', capacity: 2, taken: 0 });
    const { bookingId, providerPaymentId } = await create('too-late@example.com', { selectedDate: date });
    clock = new Date(START.getTime() + 16 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    expect(await bookingStatus(bookingId)).toBe('expired');
    await create('took-the-places@example.com', { selectedDate: date });
    await providerSays(providerPaymentId, 'succeeded');
    const result = await apply(providerPaymentId, 'succeeded');
    expect(result).toMatchObject({ outcome: 'updated', bookingStatus: 'refunded' });
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(p).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
      refundReason: 'late_payment',
      refundPence: 2100,
    });
    const [ledger] = await t.ctx.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, providerPaymentId));
    expect(ledger!.refundedPence).toBe(2100);
    const mails = await mailsTo(t.ctx.db, 'too-late@example.com');
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Refund of £21\.00/)]);
    expect(mails[0]!.text).toContain('hold had ended');
    expect(await taken(t.ctx.db, date, 'morning')).toBe(2);
    // Repeats refund nothing more.
    await apply(providerPaymentId, 'succeeded');
    await apply(providerPaymentId, 'refunded');
    expect(
      (await t.ctx.db.select().from(testProviderPayments).where(eq(testProviderPayments.id, providerPaymentId)))[0]!
        .refundedPence,
    ).toBe(2100);
    expect(await pointLines(bookingId)).toEqual([]);
    clock = START;
  });

  it('records a refund made at the provider and takes the points back once', async () => {
    const { bookingId, providerPaymentId } = await create('dash-refund@example.com', { selectedDate: '2025-10-24' });
    await providerSays(providerPaymentId, 'succeeded');
    await apply(providerPaymentId, 'succeeded');
    const held = await taken(t.ctx.db, '2025-10-24', 'morning');
    expect(await apply(providerPaymentId, 'refunded')).toMatchObject({ bookingStatus: 'refunded' });
    expect(await apply(providerPaymentId, 'refunded')).toMatchObject({ outcome: 'unchanged' });
    expect(await pointLines(bookingId)).toEqual(['earn', 'reverse']);
    expect(await taken(t.ctx.db, '2025-10-24', 'morning')).toBe(held - 2);
  });

  it('confirms in the sweep when the success report was lost', async () => {
    const { bookingId, providerPaymentId } = await create('lost-webhook@example.com', { selectedDate: '2025-10-27' });
    await providerSays(providerPaymentId, 'succeeded');
    clock = new Date(START.getTime() + 16 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    expect(await bookingStatus(bookingId)).toBe('confirmed');
    clock = START;
  });

  it('asks the provider about a pending payment after a minute, before the hold ends', async () => {
    const { bookingId, providerPaymentId } = await create('slow-webhook@example.com', { selectedDate: '2025-10-28' });
    await providerSays(providerPaymentId, 'succeeded');
    clock = new Date(START.getTime() + 30_000);
    expect((await runSweep({ ...paymentDeps(t.ctx), now: clock })).rechecked).toBe(0);
    expect(await bookingStatus(bookingId)).toBe('pending');
    clock = new Date(START.getTime() + 90_000);
    expect((await runSweep({ ...paymentDeps(t.ctx), now: clock })).rechecked).toBeGreaterThanOrEqual(1);
    expect(await bookingStatus(bookingId)).toBe('confirmed');
    clock = START;
  });

  it('answers unknown_payment for an id it never issued', async () => {
    expect(await apply('tp_nope', 'succeeded')).toEqual({ outcome: 'unknown_payment' });
  });
});
