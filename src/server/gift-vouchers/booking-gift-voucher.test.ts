import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import {
  bookingPayload,
  cancelTokenFrom,
  getBooking,
  mailsTo,
  payWith,
  postJson,
  taken,
} from '../bookings/testing/booking-fixtures';
import { runSweep } from '../sweep';
import type { AppContext } from '../context';
import { bookings, giftVoucherLedger, payments, testProviderPayments } from '../db/schema';
import { paymentDeps } from '../payments/payment-deps';
import { raceInChildProcesses } from '../testing/race-in-processes';
import { rowCounter } from '../testing/row-counts';
import { testConfig } from '../testing/test-config';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { voidGiftVoucher } from './staff-gift-vouchers';
import { buyVoucher, voucherRow } from './testing/gift-voucher-fixtures';

// Monday 20 October 2025, 11:00 BST; visits on Wednesday 22 October. Vouchers bought now last to 21 October 2026.
const START = new Date('2025-10-20T10:00:00Z');
const minutesLater = (m: number) => new Date(START.getTime() + m * 60_000);
/** The default payload: 2 children (£9.50) and an adult (£2): £21.00. */
const TOTAL = 2100;

const raceWorker = fileURLToPath(new URL('./testing/booking-gift-voucher-race-worker.ts', import.meta.url));

/** Issue 29, "Redeem at checkout on /booking": a gift voucher's code in POST /api/create-booking-payment's voucherCode. */
describe.each(testDbKinds)('gift vouchers paying for bookings on %s', (kind) => {
  let t: { app: FastifyInstance; ctx: AppContext };
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let clock = START;
  beforeAll(async () => {
    // The app on a database whose URL the two-process race can hand to its workers.
    database = await openTestDatabase(kind);
    t = await buildApp({ db: database.db, config: testConfig(), now: () => clock, webRoot: '/nonexistent' });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(() => {
    clock = START;
  });
  const db = () => t.ctx.db;
  const sweep = () => runSweep({ ...paymentDeps(t.ctx), now: clock });

  const book = (email: string, code: string, overrides = {}) =>
    postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ customerEmail: email, voucherCode: code, ...overrides }),
    );
  const booked = async (email: string, code: string, overrides = {}) => {
    const res = await book(email, code, overrides);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      bookingId: string;
      clientSecret: string;
      finalAmount: number;
      originalAmount: number;
      giftVoucherPence: number;
      giftVoucherBalancePence?: number;
    };
  };
  const bookingRow = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const ledgerOf = async (voucherId: string) =>
    (await db().select().from(giftVoucherLedger).where(eq(giftVoucherLedger.voucherId, voucherId)))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((l) => [l.kind, l.amountPence, l.balanceAfterPence, l.bookingId]);
  const provided = async (bookingId: string) => {
    const [p] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
    if (!p?.providerPaymentId) return { payment: p, atProvider: undefined };
    const [atProvider] = await db()
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, p.providerPaymentId));
    return { payment: p, atProvider };
  };

  it('pays part of a booking: the card pays the rest and the voucher keeps what is left', async () => {
    const v = await buyVoucher(t.app, db(), { amountPence: 1000 });
    // The page's hint is the total before the voucher; typed in lower case with spaces it is the same code.
    const b = await booked('partial@example.com', v.code.toLowerCase().replace(/-/g, ' '));
    expect(b).toMatchObject({
      originalAmount: TOTAL,
      finalAmount: 1100,
      giftVoucherPence: 1000,
      giftVoucherBalancePence: 0,
    });
    expect(b.clientSecret).toMatch(/^tp_/);
    expect(await bookingRow(b.bookingId)).toMatchObject({
      status: 'pending',
      finalPence: 1100,
      giftVoucherId: v.voucherId,
      giftVoucherPence: 1000,
      giftVoucherState: 'spent',
    });
    expect((await provided(b.bookingId)).payment!.amountPence).toBe(1100);
    expect(await ledgerOf(v.voucherId)).toEqual([
      ['purchase', 1000, 1000, null],
      ['redeem', -1000, 0, b.bookingId],
    ]);
    expect((await payWith(t.app, b.clientSecret)).json()).toEqual({ status: 'succeeded' });
    const seen = (await getBooking(t.app, b.bookingId)).json();
    expect(seen).toMatchObject({ status: 'confirmed', totalAmount: 1100, giftVoucher: 1000, giftVoucherBalance: 0 });
    const [mail] = await mailsTo(db(), 'partial@example.com');
    expect(mail!.text).toContain('Paid: £11.00');
    expect(mail!.text).toContain('Gift voucher: £10.00');
    expect(mail!.html).toContain('<strong>Gift voucher:</strong> £10.00');
  });

  it('covers a whole booking: confirmed at once with no provider payment, the balance left on the voucher', async () => {
    const v = await buyVoucher(t.app, db());
    // The hint may also be the total after the voucher (nothing to pay).
    const b = await booked('full@example.com', v.code, { totalAmount: 0 });
    expect(b).toMatchObject({
      clientSecret: '',
      finalAmount: 0,
      giftVoucherPence: TOTAL,
      giftVoucherBalancePence: 900,
    });
    expect(await bookingRow(b.bookingId)).toMatchObject({
      status: 'confirmed',
      finalPence: 0,
      giftVoucherState: 'spent',
    });
    expect((await provided(b.bookingId)).payment).toBeUndefined();
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(900);
    expect((await getBooking(t.app, b.bookingId)).json()).toMatchObject({
      giftVoucher: TOTAL,
      giftVoucherBalance: 900,
    });
    // A wrong hint is still refused, and refusing writes nothing.
    const wrong = await book('full2@example.com', v.code, { totalAmount: 5000 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('total_mismatch');
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(900);
  });

  it('refuses an unknown, expired, void or spent code with a 400 on voucherCode, writing nothing', async () => {
    const spent = await buyVoucher(t.app, db(), { amountPence: 1000 });
    await booked('spender@example.com', spent.code); // takes all £10
    const voided = await buyVoucher(t.app, db());
    await voidGiftVoucher(db(), { id: voided.voucherId, reason: 'Reported stolen', actor: 'admin', now: START });
    const old = await buyVoucher(t.app, db());
    const counts = await rowCounter(db());
    const before = await counts();
    const occupancy = await taken(db(), '2025-10-22', 'morning');

    const cases: [string, string, string, Date?][] = [
      ['GV-2222-3333-4444-5555-6666', 'gift_code_unknown', 'We could not find a gift voucher with that code'],
      [
        voided.code,
        'gift_code_void',
        'This gift voucher is no longer valid. Please ask us if you think this is wrong.',
      ],
      [spent.code, 'gift_code_spent', 'This gift voucher has been spent in full.'],
      [
        old.code,
        'gift_code_expired',
        'This gift voucher expired on Wednesday 21 October 2026.',
        new Date('2026-10-22T09:00:00Z'),
      ],
    ];
    for (const [code, errorCode, message, at] of cases) {
      clock = at ?? START;
      const res = await book('refused@example.com', code, at ? { selectedDate: '2026-10-28' } : {});
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: errorCode, fields: { voucherCode: [message] } });
    }
    // A code that is not even shaped like one is refused by the schema.
    const malformed = await book('refused@example.com', 'GV-ABC');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields.voucherCode[0]).toMatch(/^Please check your voucher code/);

    expect(await counts()).toEqual(before);
    expect(await taken(db(), '2025-10-22', 'morning')).toBe(occupancy);
    expect((await voucherRow(db(), old.voucherId)).balancePence).toBe(3000);
  });

  it('gives the voucher its value back once when the hold expires (swept twice)', async () => {
    const v = await buyVoucher(t.app, db(), { amountPence: 1500 });
    const b = await booked('expiry@example.com', v.code, { selectedTime: 'midday' });
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(0);
    clock = minutesLater(16);
    await sweep();
    await sweep();
    expect(await bookingRow(b.bookingId)).toMatchObject({ status: 'expired', giftVoucherState: 'returned' });
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(1500);
    expect((await ledgerOf(v.voucherId)).map((l) => l[0])).toEqual(['purchase', 'redeem', 'refund_to_voucher']);
  });

  it('gives the value back after a declined card once the hold ends, but not while the family may retry', async () => {
    const v = await buyVoucher(t.app, db(), { amountPence: 1000 });
    const b = await booked('declined@example.com', v.code, { selectedTime: 'afternoon' });
    expect((await payWith(t.app, b.clientSecret, '4000 0000 0000 0002')).json().status).toBe('failed');
    expect((await bookingRow(b.bookingId)).giftVoucherState).toBe('spent');
    clock = minutesLater(16);
    await sweep();
    expect(await bookingRow(b.bookingId)).toMatchObject({ status: 'failed', giftVoucherState: 'returned' });
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(1000);
  });

  it('a family cancellation refunds only the card part and gives the voucher part back', async () => {
    const v = await buyVoucher(t.app, db(), { amountPence: 1000 });
    const b = await booked('cancel@example.com', v.code);
    await payWith(t.app, b.clientSecret);
    const token = cancelTokenFrom((await mailsTo(db(), 'cancel@example.com'))[0]!.text);
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/cancel?token=${encodeURIComponent(token)}`,
    });
    expect(preview.json()).toMatchObject({
      refundAmount: 1100,
      message:
        'You can cancel this booking for a full refund: £11.00 to your card and £10.00 back on your gift voucher.',
    });
    const res = await postJson(t.app, '/api/bookings/cancel', { token });
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      refundAmount: 1100,
      message: 'Your booking is cancelled. A full refund of £11.00 is on its way. £10.00 is back on your gift voucher.',
    });
    const { payment, atProvider } = await provided(b.bookingId);
    expect(payment).toMatchObject({ refundStatus: 'succeeded', refundPence: 1100 });
    expect(atProvider!.refundedPence).toBe(1100);
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(1000);
    expect((await ledgerOf(v.voucherId)).at(-1)).toEqual(['refund_to_voucher', 1000, 1000, b.bookingId]);
    const cancelled = (await mailsTo(db(), 'cancel@example.com')).find((m) =>
      m.subject.startsWith('Booking cancelled'),
    );
    expect(cancelled!.text).toContain('The £10.00 your gift voucher paid is back on the voucher.');
    // A second press gives nothing back twice.
    await postJson(t.app, '/api/bookings/cancel', { token });
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(1000);
  });

  it('a booking the voucher paid in full, cancelled: all of it back on the voucher, no provider call', async () => {
    const v = await buyVoucher(t.app, db());
    const b = await booked('free-cancel@example.com', v.code);
    const token = cancelTokenFrom((await mailsTo(db(), 'free-cancel@example.com'))[0]!.text);
    const res = await postJson(t.app, '/api/bookings/cancel', { token });
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      refundAmount: 0,
      message: 'Your booking is cancelled. £21.00 is back on your gift voucher.',
    });
    expect((await provided(b.bookingId)).payment).toBeUndefined();
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(3000);
  });

  it('a payment arriving after the hold retakes the voucher part if it is still there, else is refunded', async () => {
    const v = await buyVoucher(t.app, db(), { amountPence: 1000 });
    const late = await booked('late@example.com', v.code, { selectedTime: 'afternoon' });
    clock = minutesLater(20);
    await sweep();
    expect((await bookingRow(late.bookingId)).giftVoucherState).toBe('returned');
    expect((await payWith(t.app, late.clientSecret)).json()).toEqual({ status: 'succeeded' });
    expect(await bookingRow(late.bookingId)).toMatchObject({ status: 'confirmed', giftVoucherState: 'spent' });
    expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(0);
    expect((await ledgerOf(v.voucherId)).map((l) => [l[0], l[1]])).toEqual([
      ['purchase', 1000],
      ['redeem', -1000],
      ['refund_to_voucher', 1000],
      ['redeem', -1000],
    ]);

    // Meanwhile the voucher went on another booking: the late card payment is refunded, the voucher untouched.
    clock = START;
    const w = await buyVoucher(t.app, db(), { amountPence: 1000 });
    const lost = await booked('lost@example.com', w.code, { selectedTime: 'afternoon' });
    clock = minutesLater(20);
    await sweep();
    await booked('quicker@example.com', w.code, { selectedTime: 'afternoon' });
    expect((await payWith(t.app, lost.clientSecret)).json()).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('your payment has been refunded in full'),
    });
    expect(await bookingRow(lost.bookingId)).toMatchObject({ status: 'refunded', giftVoucherState: 'returned' });
    const { payment, atProvider } = await provided(lost.bookingId);
    expect(payment).toMatchObject({ refundStatus: 'succeeded', refundPence: 1100 });
    expect(atProvider!.refundedPence).toBe(1100);
    expect((await voucherRow(db(), w.voucherId)).balancePence).toBe(0);
  });

  if (kind === 'postgres')
    it('spends a voucher once when two processes book with it at the same moment', async () => {
      const v = await buyVoucher(t.app, db());
      const env = { DATABASE_URL: database.url!, RACE_CODE: v.code, RACE_NOW: START.toISOString(), RACE_COUNT: '4' };
      const outcomes = await raceInChildProcesses<number | string>(raceWorker, [env, env]);
      expect(outcomes).toHaveLength(8);
      // £30 against £21 bookings: one paid in full, one with the £9 left, the rest by card alone or refused as spent.
      const paid = outcomes.filter((o): o is number => typeof o === 'number' && o > 0).sort((a, b) => a - b);
      expect(paid).toEqual([900, 2100]);
      expect(outcomes.every((o) => typeof o === 'number' || o === 'gift_code_spent')).toBe(true);
      expect((await voucherRow(db(), v.voucherId)).balancePence).toBe(0);
      const spentOnBookings = await db()
        .select({ pence: bookings.giftVoucherPence })
        .from(bookings)
        .where(eq(bookings.giftVoucherId, v.voucherId));
      expect(spentOnBookings.reduce((s, r) => s + r.pence, 0)).toBe(3000);
      const redeemed = (await ledgerOf(v.voucherId)).filter((l) => l[0] === 'redeem');
      expect(redeemed.reduce((s, l) => s + Number(l[1]), 0)).toBe(-3000);
    }, 90_000);
});

describe.each(testDbKinds)('wrong gift voucher codes at checkout on %s', (kind) => {
  let t: { app: FastifyInstance; ctx: AppContext };
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildApp({
      db: database.db,
      config: testConfig({ RATE_LIMITS: 'on' }),
      now: () => START,
      webRoot: '/nonexistent',
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  const attempt = (code: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-booking-payment',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(bookingPayload({ customerEmail: 'guesser@example.com', voucherCode: code })),
    });
  const guess = (i: number) => `GV-2222-3333-4444-5555-${'ABCDEFGHJKMNPQRSTUVWXYZ'[i]}AAA`;

  it('counts wrong codes against the balance check limits, and only wrong ones', async () => {
    // A real code used at checkout is given back: it never uses up the family's tries.
    const v = await buyVoucher(t.app, t.ctx.db, { amountPence: 20000 });
    for (let i = 0; i < 3; i++) {
      const ok = await attempt(v.code, '198.51.100.7');
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ clientSecret: '', giftVoucherPence: TOTAL }); // paid in full: no unpaid hold
    }
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await attempt(guess(i), '198.51.100.7')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // The same client cannot check a code with GET either: one allowance for both routes.
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/gift-vouchers/${encodeURIComponent(v.code)}`,
      remoteAddress: '198.51.100.7',
    });
    expect(lookup.statusCode).toBe(429);
  });

  it('limits one code tried from many clients', async () => {
    const code = 'GV-7777-8888-9999-AAAA-BBBB';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(code, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
