import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runSweep } from '../sweep';
import {
  bookingPayload,
  cancelTokenFrom,
  mailsTo,
  payWith,
  postJson,
  getBooking,
} from '../bookings/testing/booking-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { seedCredits } from '../credits/testing/credit-fixtures';
import { rowsOf } from '../db/client';
import { bookings, payments } from '../db/schema';
import { paymentDeps } from '../payments/payment-deps';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { ledgerOf, seedMember, seedVoucher, voucherState } from './testing/loyalty-fixtures';

// Monday 20 October 2025, 11:00 BST; visits on Wednesday 22 October: 2 children and 1 adult cost £21.00.
const START = new Date('2025-10-20T10:00:00Z');

describe.each(testDbKinds)('loyalty vouchers applied at booking on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  let memberId: string;
  let n = 0;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    memberId = await seedMember(t.ctx.db, 'holder@example.com', 0);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock = START;
  });

  /** A fresh voucher of one kind, e.g. PTB-TENA-0001. */
  const voucher = async (rewardId: 'ten-percent-off' | 'free-session' | 'free-hot-drink') => {
    const code = `PTB-${rewardId
      .slice(0, 4)
      .toUpperCase()
      .replace(/[^A-Z]/g, 'X')}-${String(++n).padStart(4, '0')}`;
    await seedVoucher(t.ctx.db, memberId, rewardId, code);
    return code;
  };
  // As the family of the address (a family session), so its session credits count too.
  const book = async (overrides: Parameters<typeof bookingPayload>[0]) =>
    postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload(overrides),
      await familyCookieFor(t.ctx.db, overrides?.customerEmail ?? bookingPayload().customerEmail),
    );
  const bookingRow = async (id: string) => (await t.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it('takes 10% off what is left to pay, holds the voucher, and uses it when paid', async () => {
    const code = await voucher('ten-percent-off');
    const res = await book({
      customerEmail: 'ten@example.com',
      voucherCode: ` ${code.toLowerCase().replace(/-/g, '')} `,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ originalAmount: 2100, finalAmount: 1890, voucherDiscount: 210, creditSavings: 0 });
    expect(await voucherState(t.ctx.db, code)).toEqual({ status: 'held', bookingId: created.bookingId });
    await payWith(t.app, created.clientSecret);
    expect(await bookingRow(created.bookingId)).toMatchObject({
      status: 'confirmed',
      finalPence: 1890,
      voucherDiscountPence: 210,
    });
    expect(await voucherState(t.ctx.db, code)).toEqual({ status: 'used', bookingId: created.bookingId });
    const [payment] = await t.ctx.db.select().from(payments).where(eq(payments.bookingId, created.bookingId));
    expect(payment!.amountPence).toBe(1890);
    expect((await mailsTo(t.ctx.db, 'ten@example.com'))[0]!.text).toContain('Loyalty voucher: £2.10 off');
    expect(await ledgerOf(t.ctx.db, 'ten@example.com')).toEqual(['welcome:50', 'earn:18']); // points on what was paid
    const status = (await getBooking(t.app, created.bookingId)).json();
    expect(status).toMatchObject({ totalAmount: 1890, voucherDiscount: 210 });

    const again = await book({ customerEmail: 'ten@example.com', voucherCode: code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('voucher_used');
  });

  it('makes one child ticket free, before session credits are counted', async () => {
    const code = await voucher('free-session');
    const plain = (await book({ customerEmail: 'free@example.com', voucherCode: code })).json();
    expect(plain).toMatchObject({ originalAmount: 2100, finalAmount: 1150, voucherDiscount: 950 });

    // Two children, one credit left: the voucher takes one child, the credit the other; only the adult is paid.
    await seedCredits(t.ctx.db, 'both@example.com', 1);
    const both = (await book({ customerEmail: 'both@example.com', voucherCode: await voucher('free-session') })).json();
    expect(both).toMatchObject({
      originalAmount: 2100,
      finalAmount: 200,
      voucherDiscount: 950,
      sessionCreditsUsed: 1,
      creditSavings: 950,
    });

    // One child and nothing else: free, confirmed at once with no payment, voucher used.
    const onlyCode = await voucher('free-session');
    const only = (
      await book({
        customerEmail: 'one@example.com',
        ticketQuantities: { 'child-1-12': 1 },
        totalAmount: 950,
        voucherCode: onlyCode,
      })
    ).json();
    expect(only).toMatchObject({ clientSecret: '', finalAmount: 0, voucherDiscount: 950 });
    expect((await bookingRow(only.bookingId)).status).toBe('confirmed');
    expect(await voucherState(t.ctx.db, onlyCode)).toMatchObject({ status: 'used' });
  });

  it('accepts the total after the voucher as the hint, and refuses any other', async () => {
    const code = await voucher('ten-percent-off');
    const wrong = await book({ customerEmail: 'hint@example.com', voucherCode: code, totalAmount: 2000 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('total_mismatch');
    expect(await voucherState(t.ctx.db, code)).toEqual({ status: 'issued', bookingId: null });
    expect((await book({ customerEmail: 'hint@example.com', voucherCode: code, totalAmount: 1890 })).statusCode).toBe(
      201,
    );
  });

  it('refuses a voucher another booking holds, gives it back when that hold expires, and takes it again for a late payment', async () => {
    const code = await voucher('ten-percent-off');
    const first = (
      await book({ customerEmail: 'slow@example.com', voucherCode: code, selectedTime: 'afternoon' })
    ).json();
    const second = await book({ customerEmail: 'other@example.com', voucherCode: code });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('voucher_held');
    clock = new Date(START.getTime() + 16 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    expect(await voucherState(t.ctx.db, code)).toEqual({ status: 'issued', bookingId: null });
    await payWith(t.app, first.clientSecret);
    expect((await bookingRow(first.bookingId)).status).toBe('confirmed');
    expect(await voucherState(t.ctx.db, code)).toEqual({ status: 'used', bookingId: first.bookingId });
  });

  it('refunds a late payment whose voucher went to another booking meanwhile', async () => {
    const code = await voucher('free-session');
    const first = (
      await book({ customerEmail: 'late@example.com', voucherCode: code, selectedTime: 'afternoon' })
    ).json();
    clock = new Date(START.getTime() + 16 * 60_000);
    await runSweep({ ...paymentDeps(t.ctx), now: clock });
    const second = (await book({ customerEmail: 'quick@example.com', voucherCode: code })).json();
    await payWith(t.app, second.clientSecret);
    await payWith(t.app, first.clientSecret);
    expect((await bookingRow(first.bookingId)).status).toBe('refunded');
    expect(await voucherState(t.ctx.db, code)).toEqual({ status: 'used', bookingId: second.bookingId });
  });

  it('gives the voucher back when the booking is cancelled', async () => {
    const code = await voucher('ten-percent-off');
    const created = (await book({ customerEmail: 'cancel@example.com', voucherCode: code })).json();
    await payWith(t.app, created.clientSecret);
    const token = cancelTokenFrom((await mailsTo(t.ctx.db, 'cancel@example.com'))[0]!.text);
    expect((await postJson(t.app, '/api/bookings/cancel', { token })).json()).toMatchObject({
      status: 'cancelled',
      refundAmount: 1890,
    });
    expect(await voucherState(t.ctx.db, code)).toEqual({ status: 'issued', bookingId: null });
    expect((await book({ customerEmail: 'cancel@example.com', voucherCode: code })).statusCode).toBe(201);
  });

  it('lets exactly one of several bookings racing for one voucher have it', async () => {
    const code = await voucher('ten-percent-off');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => book({ customerEmail: `race${i}@example.com`, voucherCode: code })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('refuses unknown, venue-only and unusable vouchers with a JSON 4xx, writing nothing', async () => {
    const count = async () =>
      rowsOf<{ c: string }>(
        await t.ctx.db.execute(
          sql`select (select count(*) from bookings) || '/' || (select count(*) from loyalty_vouchers where status <> 'issued') as c`,
        ),
      )[0]!.c;
    const before = await count();
    const drink = await voucher('free-hot-drink');
    const cases: [Parameters<typeof bookingPayload>[0], number, string][] = [
      [{ voucherCode: 'PTB-NOPE-NOPE' }, 400, 'voucher_invalid'],
      [{ voucherCode: 'not a code' }, 400, 'invalid_input'],
      [{ voucherCode: drink }, 400, 'voucher_not_for_booking'],
      [
        { voucherCode: await voucher('free-session'), ticketQuantities: { adult: 2 }, totalAmount: 400 },
        400,
        'voucher_needs_child',
      ],
    ];
    for (const [overrides, status, code] of cases) {
      const res = await book({ customerEmail: 'bad@example.com', ...overrides });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.fields?.voucherCode).toBeDefined();
    }
    expect(await count()).toBe(before);
  });
});
