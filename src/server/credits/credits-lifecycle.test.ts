import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSweep } from '../sweep';
import { bookingPayload, cancelTokenFrom, mailsTo, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import {
  bookings,
  creditLedger,
  creditPurchases,
  payments,
  testProviderPayments,
  ticketTypePrices,
} from '../db/schema';
import { invalidateCatalogue } from '../catalogue/catalogue-store';
import { applyPaymentStatus } from '../payments/apply-payment-status';
import { paymentDeps } from '../payments/payment-deps';
import { PaymentProviderError, type PaymentProvider } from '../payments/provider';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { buyCredits, ledgerKinds, lookup, seedCredits, startPurchase } from './testing/credit-fixtures';

// Monday 20 October 2025, 11:00 BST; visits on Wednesday 22 October (as in the booking life-cycle test).
const START = new Date('2025-10-20T10:00:00Z');
type Created = {
  clientSecret: string;
  bookingId: string;
  originalAmount: number;
  finalAmount: number;
  sessionCreditsUsed: number;
  creditSavings: number;
};

describe.each(testDbKinds)('session credits through the test provider on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = START;
  });

  const book = async (email: string, overrides = {}): Promise<Created> => {
    const res = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: email, ...overrides }),
      await familyCookieFor(t.ctx.db, email),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const bookingOf = async (id: string) => (await t.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it("records the saving against the catalogue's child price of the day, as the page shows it", async () => {
    await t.ctx.db.insert(ticketTypePrices).values(
      ['off-peak', 'peak'].map((bandId) => ({
        ticketTypeId: 'child-1-12',
        bandId,
        fromDate: '2025-10-20',
        pricePence: 1000,
      })),
    );
    await t.ctx.db.execute(sql`update catalogue_state set version = version + 1`);
    invalidateCatalogue(t.ctx.db);
    try {
      // 10 sessions at £10.00 against the bundle's £75.
      expect(await startPurchase(t.app, 'saver@example.com')).toMatchObject({ amount: 7500, savings: 2500 });
    } finally {
      await t.ctx.db.delete(ticketTypePrices).where(eq(ticketTypePrices.fromDate, '2025-10-20'));
      await t.ctx.db.execute(sql`update catalogue_state set version = version + 1`);
      invalidateCatalogue(t.ctx.db);
    }
  });

  it('sells a bundle: pending until paid, then 10 credits and an e-mail with the balance', async () => {
    const purchase = await startPurchase(t.app, 'Buyer@Example.com ');
    expect(purchase).toMatchObject({ amount: 7500, savings: 2000, credits: 10 });
    expect(purchase.clientSecret).toMatch(/^tp_.+_secret_/);
    const [atProvider] = await t.ctx.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.clientSecret, purchase.clientSecret));
    expect(atProvider).toMatchObject({ amountPence: 7500, idempotencyKey: purchase.purchaseId });
    expect(await lookup(t.app, t.ctx.db, 'buyer@example.com')).toEqual({
      success: true,
      totalActiveCredits: 0,
      creditsOnHold: 0,
      activeCredits: [],
    });

    expect((await payWith(t.app, purchase.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const found = await lookup(t.app, t.ctx.db, '  BUYER@example.COM');
    expect(found).toMatchObject({ success: true, totalActiveCredits: 10, creditsOnHold: 0 });
    expect(found.activeCredits).toEqual([
      expect.objectContaining({
        purchaseId: purchase.purchaseId,
        creditsPurchased: 10,
        creditsRemaining: 10,
        amountPaid: 7500,
      }),
    ]);
    const mails = await mailsTo(t.ctx.db, 'Buyer@Example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your balance: 10 credits.');
  });

  it('answers an address with no credits with success and 0, and refuses a non-address with a JSON 400', async () => {
    expect(await lookup(t.app, t.ctx.db, 'nobody@example.com')).toEqual({
      success: true,
      totalActiveCredits: 0,
      creditsOnHold: 0,
      activeCredits: [],
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/session-credits/not-an-email',
      headers: { cookie: await familyCookieFor(t.ctx.db, 'nobody@example.com') },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_input', message: 'Please enter a valid email address' });
  });

  it('grants the 10 credits once, however often and in whatever order the payment is reported', async () => {
    const purchase = await buyCredits(t.app, 'repeat@example.com');
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.creditPurchaseId, purchase.purchaseId));
    const deps = { ...paymentDeps(t.ctx), providerPaymentId: payment!.providerPaymentId!, now: clock };
    expect((await payWith(t.app, purchase.clientSecret)).json()).toEqual({ status: 'succeeded' });
    for (const status of ['succeeded', 'processing', 'failed', 'pending', 'succeeded', 'canceled'] as const) {
      expect((await applyPaymentStatus({ ...deps, status })).outcome).toBe('unchanged');
    }
    clock = new Date(START.getTime() + 3 * 3_600_000); // the sweep asks the provider again
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    expect((await lookup(t.app, t.ctx.db, 'repeat@example.com')).totalActiveCredits).toBe(10);
    expect(await ledgerKinds(t.ctx.db, 'repeat@example.com')).toEqual(['grant:10']);
    expect(await mailsTo(t.ctx.db, 'repeat@example.com')).toHaveLength(1);
    const [p] = await t.ctx.db.select().from(creditPurchases).where(eq(creditPurchases.id, purchase.purchaseId));
    expect(p!.status).toBe('paid');
  });

  it('grants nothing for a declined card, and the credits once a good card follows', async () => {
    const purchase = await startPurchase(t.app, 'declined@example.com');
    expect((await payWith(t.app, purchase.clientSecret, '4000 0000 0000 0002')).json()).toMatchObject({
      status: 'failed',
    });
    expect((await lookup(t.app, t.ctx.db, 'declined@example.com')).totalActiveCredits).toBe(0);
    expect(
      (await t.ctx.db.select().from(creditPurchases).where(eq(creditPurchases.id, purchase.purchaseId)))[0]!.status,
    ).toBe('failed');
    await payWith(t.app, purchase.clientSecret);
    expect((await lookup(t.app, t.ctx.db, 'declined@example.com')).totalActiveCredits).toBe(10);
  });

  it('applies credits to child 1-12 tickets at booking and charges only the rest', async () => {
    await buyCredits(t.app, 'family@example.com');
    // Two children 1-12, one adult, one baby: only the two 1-12 tickets take credits.
    const created = await book('Family@Example.com', {
      ticketQuantities: { 'child-1-12': 2, adult: 1, 'child-0-1': 1 },
      totalAmount: 2 * 950 + 200 + 400,
    });
    expect(created).toMatchObject({
      sessionCreditsUsed: 2,
      originalAmount: 2500,
      finalAmount: 600,
      creditSavings: 1900,
    });
    const [atProvider] = await t.ctx.db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.clientSecret, created.clientSecret));
    expect(atProvider!.amountPence).toBe(600);
    expect(await lookup(t.app, t.ctx.db, 'family@example.com')).toMatchObject({
      totalActiveCredits: 8,
      creditsOnHold: 2,
    });

    await payWith(t.app, created.clientSecret);
    expect(await bookingOf(created.bookingId)).toMatchObject({
      status: 'confirmed',
      creditsUsed: 2,
      creditsState: 'used',
      finalPence: 600,
    });
    expect(await lookup(t.app, t.ctx.db, 'family@example.com')).toMatchObject({
      totalActiveCredits: 8,
      creditsOnHold: 0,
      activeCredits: [expect.objectContaining({ creditsRemaining: 8 })],
    });
    expect(await ledgerKinds(t.ctx.db, 'family@example.com')).toEqual(['grant:10', 'hold:2', 'use:2']);
  });

  it('uses only the credits there are, and accepts the total after credits as the hint too', async () => {
    await seedCredits(t.ctx.db, 'few@example.com', 1);
    const created = await book('few@example.com', { ticketQuantities: { 'child-1-12': 3 }, totalAmount: 2 * 950 });
    expect(created).toMatchObject({
      sessionCreditsUsed: 1,
      originalAmount: 2850,
      finalAmount: 1900,
      creditSavings: 950,
    });
    expect((await lookup(t.app, t.ctx.db, 'few@example.com')).totalActiveCredits).toBe(0);
  });

  it('refuses a total that matches neither price, storing nothing', async () => {
    await seedCredits(t.ctx.db, 'hint@example.com', 2);
    const before = (await t.ctx.db.select().from(bookings)).length;
    // 2 x £9.50 + £2.00 = £21.00 before credits, £2.00 after the two credits: anything else is refused,
    // whether it is plainly wrong (£5.00) or looks like a different number of credits (£11.50, checked under the lock).
    for (const totalAmount of [500, 1150, 1900, 2200]) {
      const res = await postJson(
        t.app,
        '/api/create-booking-payment',
        bookingPayload({ customerEmail: 'hint@example.com', totalAmount }),
        await familyCookieFor(t.ctx.db, 'hint@example.com'),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('total_mismatch');
    }
    expect((await t.ctx.db.select().from(bookings)).length).toBe(before);
    expect(await ledgerKinds(t.ctx.db, 'hint@example.com')).toEqual(['grant:2']);
  });

  it('confirms a booking the credits cover in full with no payment at all', async () => {
    await seedCredits(t.ctx.db, 'free@example.com', 3);
    const created = await book('free@example.com', { ticketQuantities: { 'child-1-12': 2 }, totalAmount: 1900 });
    expect(created).toMatchObject({
      clientSecret: '',
      sessionCreditsUsed: 2,
      originalAmount: 1900,
      finalAmount: 0,
      creditSavings: 1900,
    });
    expect(await bookingOf(created.bookingId)).toMatchObject({ status: 'confirmed', creditsState: 'used' });
    expect(await t.ctx.db.select().from(payments).where(eq(payments.bookingId, created.bookingId))).toEqual([]);
    expect((await lookup(t.app, t.ctx.db, 'free@example.com')).totalActiveCredits).toBe(1);
    const [mail] = await mailsTo(t.ctx.db, 'free@example.com');
    expect(mail!.subject).toContain('Booking confirmed');
  });

  it('gives the credits back when the hold expires, and takes them again for a late payment', async () => {
    await seedCredits(t.ctx.db, 'late@example.com', 2);
    const created = await book('late@example.com', { selectedTime: 'afternoon' });
    expect(created).toMatchObject({ sessionCreditsUsed: 2, finalAmount: 200 });
    expect((await lookup(t.app, t.ctx.db, 'late@example.com')).totalActiveCredits).toBe(0);
    clock = new Date(START.getTime() + 16 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    expect(await bookingOf(created.bookingId)).toMatchObject({ status: 'expired', creditsState: 'released' });
    expect(await lookup(t.app, t.ctx.db, 'late@example.com')).toMatchObject({
      totalActiveCredits: 2,
      creditsOnHold: 0,
    });

    await payWith(t.app, created.clientSecret);
    expect(await bookingOf(created.bookingId)).toMatchObject({ status: 'confirmed', creditsState: 'used' });
    expect((await lookup(t.app, t.ctx.db, 'late@example.com')).totalActiveCredits).toBe(0);
    expect(await ledgerKinds(t.ctx.db, 'late@example.com')).toEqual([
      'grant:2',
      'hold:2',
      'release:2',
      'hold:2',
      'use:2',
    ]);
  });

  it('refunds a late payment whose credits were spent in the meantime', async () => {
    await seedCredits(t.ctx.db, 'spent@example.com', 2);
    const first = await book('spent@example.com', { selectedTime: 'afternoon' });
    clock = new Date(START.getTime() + 16 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    const second = await book('spent@example.com', {
      selectedTime: 'afternoon',
      ticketQuantities: { 'child-1-12': 2 },
      totalAmount: 1900,
    });
    expect(second).toMatchObject({ sessionCreditsUsed: 2, finalAmount: 0 });
    expect((await payWith(t.app, first.clientSecret)).json().status).toBe('failed');
    expect(await bookingOf(first.bookingId)).toMatchObject({
      status: 'refunded',
      creditsState: 'released',
      placesHeld: false,
    });
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, first.bookingId));
    expect(p).toMatchObject({ status: 'refunded', refundStatus: 'succeeded', refundPence: 200 });
    expect(await lookup(t.app, t.ctx.db, 'spent@example.com')).toMatchObject({
      totalActiveCredits: 0,
      creditsOnHold: 0,
    });
  });

  it('releases credits at once when the card is declined after the hold ended, and when the payment is cancelled', async () => {
    await seedCredits(t.ctx.db, 'fail@example.com', 4);
    const a = await book('fail@example.com', { selectedTime: 'midday' });
    clock = new Date(START.getTime() + 20 * 60_000);
    expect((await payWith(t.app, a.clientSecret, '4000 0000 0000 0002')).json().status).toBe('failed');
    expect(await bookingOf(a.bookingId)).toMatchObject({ creditsState: 'released' });
    expect((await lookup(t.app, t.ctx.db, 'fail@example.com')).totalActiveCredits).toBe(4);

    const b = await book('fail@example.com', { selectedTime: 'midday' });
    expect((await lookup(t.app, t.ctx.db, 'fail@example.com')).totalActiveCredits).toBe(2);
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, b.bookingId));
    await applyPaymentStatus({
      ...paymentDeps(t.ctx),
      providerPaymentId: p!.providerPaymentId!,
      status: 'canceled',
      now: clock,
    });
    expect(await bookingOf(b.bookingId)).toMatchObject({ status: 'failed', creditsState: 'released' });
    expect((await lookup(t.app, t.ctx.db, 'fail@example.com')).totalActiveCredits).toBe(4);
  });

  it('restores the credits when a booking is cancelled', async () => {
    await seedCredits(t.ctx.db, 'cancel@example.com', 2);
    const created = await book('cancel@example.com', { ticketQuantities: { 'child-1-12': 2 }, totalAmount: 1900 });
    expect((await lookup(t.app, t.ctx.db, 'cancel@example.com')).totalActiveCredits).toBe(0);
    const [mail] = await mailsTo(t.ctx.db, 'cancel@example.com');
    const res = await postJson(t.app, '/api/bookings/cancel', { token: cancelTokenFrom(mail!.text) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refundAmount: 0 });
    expect(await bookingOf(created.bookingId)).toMatchObject({ status: 'cancelled', creditsState: 'restored' });
    expect((await lookup(t.app, t.ctx.db, 'cancel@example.com')).totalActiveCredits).toBe(2);
    const cancelled = (await mailsTo(t.ctx.db, 'cancel@example.com')).find((m) =>
      m.subject.startsWith('Booking cancelled'),
    );
    expect(cancelled!.text).toContain('Your 2 session credits are back in your account.');
    // Cancelling twice restores nothing more.
    await postJson(t.app, '/api/bookings/cancel', { token: cancelTokenFrom(mail!.text) });
    expect(await ledgerKinds(t.ctx.db, 'cancel@example.com')).toEqual(['grant:2', 'hold:2', 'use:2', 'refund:2']);
  });

  it('shows what is left per bundle, the oldest bundle used first', async () => {
    const first = await buyCredits(t.app, 'two@example.com');
    clock = new Date(START.getTime() + 60_000);
    const second = await buyCredits(t.app, 'two@example.com');
    const created = await book('two@example.com', { ticketQuantities: { 'child-1-12': 12 }, totalAmount: 12 * 950 });
    expect(created).toMatchObject({ sessionCreditsUsed: 12, finalAmount: 0 });
    const found = await lookup(t.app, t.ctx.db, 'two@example.com');
    expect(found.totalActiveCredits).toBe(8);
    expect(found.activeCredits.map((b) => [b.purchaseId, b.creditsRemaining])).toEqual([[second.purchaseId, 8]]);
    expect(first.purchaseId).not.toBe(second.purchaseId);
    const mails = (await mailsTo(t.ctx.db, 'two@example.com')).filter((m) => m.subject.includes('session credits'));
    expect(mails.map((m) => /Your balance: (\d+) credits/.exec(m.text)?.[1])).toEqual(['10', '20']);
  });

  it('refuses bad purchase input with the spec messages as JSON, storing nothing', async () => {
    const count = async () => [
      (await t.ctx.db.select().from(creditPurchases)).length,
      (await t.ctx.db.select().from(payments)).length,
      (await t.ctx.db.select().from(creditLedger)).length,
    ];
    const before = await count();
    const cases: [unknown, string, string][] = [
      [
        { customerName: 'J', customerEmail: 'jo@example.com', customerPhone: '07700 900123' },
        'customerName',
        'Name must be at least 2 characters',
      ],
      [
        { customerName: 'Jo', customerEmail: 'jo@', customerPhone: '07700 900123' },
        'customerEmail',
        'Please enter a valid email address',
      ],
      [
        { customerName: 'Jo', customerEmail: 'jo@example.com', customerPhone: '0770' },
        'customerPhone',
        'Please enter a valid phone number',
      ],
      [{ customerName: 'Jo', customerEmail: 'jo@example.com', customerPhone: 7700900123 }, 'customerPhone', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await postJson(t.app, '/api/session-credits/purchase', body);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().error.code).toBe('invalid_input');
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
      if (message) expect(res.json().error.fields[field]).toEqual([message]);
    }
    const junk = await postJson(t.app, '/api/session-credits/purchase', '{"customerName": ');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.code).toBe('invalid_json');
    expect(await count()).toEqual(before);
  });
});

describe.each(testDbKinds)('a credit purchase when the payment provider is down on %s', (kind) => {
  it('answers 502 and leaves the purchase cancelled, with no credits', async () => {
    const down: PaymentProvider = {
      name: 'test',
      createPayment: async () => {
        throw new PaymentProviderError('provider unreachable');
      },
      retrievePayment: async () => {
        throw new PaymentProviderError('provider unreachable');
      },
      refund: async () => {
        throw new PaymentProviderError('provider unreachable');
      },
    };
    const t = await openTestApp(kind, { payments: down });
    try {
      const res = await postJson(t.app, '/api/session-credits/purchase', {
        customerName: 'Sam Carer',
        customerEmail: 'down@example.com',
        customerPhone: '07700 900456',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('payment_unavailable');
      const [p] = await t.ctx.db.select().from(creditPurchases);
      expect(p!.status).toBe('canceled');
      expect((await t.ctx.db.select().from(payments))[0]!.status).toBe('canceled');
      expect((await lookup(t.app, t.ctx.db, 'down@example.com')).totalActiveCredits).toBe(0);
    } finally {
      await t.close();
    }
  });
});
