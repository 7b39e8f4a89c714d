import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStatsResponse } from '../../shared/contracts/admin';
import { overviewChartsResponseSchema } from '../../shared/contracts/overview-charts';
import { bookings } from '../db/schema';
import { buyVoucher } from '../gift-vouchers/testing/gift-voucher-fixtures';
import { authed, book } from '../testing/dashboard-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

/**
 * Gift vouchers and the Overview's takings (issue 29, Finance): a voucher's sale is not takings (it is owed
 * until spent); what a voucher pays towards a booking is, on the day the booking is confirmed, with the
 * card's part. The figures and the charts say the same. Wednesday 22 October 2025 (BST), week from Monday 20th.
 */
describe.each(testDbKinds)('gift vouchers in the Overview takings (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = new Date('2025-10-21T10:00:00Z');
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t?.close());

  const at = (iso: string) => (clock = new Date(iso));
  const get = async (url: string) => {
    const { cookie } = await signInAs(t.app, t.ctx);
    const res = await t.app.inject({ method: 'GET', url, ...authed(cookie) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };
  const stats = async () => ((await get('/api/admin/dashboard-stats')) as DashboardStatsResponse).stats;
  const chartTakings = async (date: string) =>
    overviewChartsResponseSchema.parse(await get('/api/admin/overview/charts')).days.find((d) => d.date === date)!
      .takings;
  /**
   * A booking paid partly (or wholly) by a gift voucher, as the checkout leaves it: final_pence is the card's
   * part, gift_voucher_pence the voucher's. Made through the real API, then split as the voucher would.
   */
  const bookWithVoucher = async (voucherId: string, voucherPence: number, email: string) => {
    const { bookingId } = await book(t.app, { customerEmail: email, selectedDate: '2025-10-24' });
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, bookingId));
    await t.ctx.db
      .update(bookings)
      .set({
        finalPence: row!.finalPence - voucherPence,
        giftVoucherId: voucherId,
        giftVoucherPence: voucherPence,
        giftVoucherState: 'spent',
      })
      .where(eq(bookings.id, bookingId));
    return { bookingId, total: row!.finalPence };
  };

  it('does not count a gift voucher sale as takings', async () => {
    at('2025-10-22T09:00:00Z');
    const before = await stats();
    await buyVoucher(t.app, t.ctx.db, { amountPence: 5000, sendOn: '2025-10-22' });
    expect(await stats()).toEqual(before);
    expect(before.todayRevenue).toBe(0);
    expect(await chartTakings('2025-10-22')).toBe(0);
  });

  it('counts what a voucher paid towards a booking on the day the booking was confirmed, with the card part', async () => {
    at('2025-10-21T10:00:00Z'); // Tuesday
    const voucher = await buyVoucher(t.app, t.ctx.db, { amountPence: 10000, sendOn: '2025-10-21' });
    const tuesday = await bookWithVoucher(voucher.voucherId, 500, 'tue@example.com');
    at('2025-10-22T10:00:00Z'); // Wednesday
    const part = await bookWithVoucher(voucher.voucherId, 1500, 'part@example.com');
    const whole = await bookWithVoucher(voucher.voucherId, 0, 'whole@example.com');
    // A booking the voucher paid in full: no card payment at all.
    await t.ctx.db
      .update(bookings)
      .set({
        finalPence: 0,
        giftVoucherId: voucher.voucherId,
        giftVoucherPence: whole.total,
        giftVoucherState: 'spent',
      })
      .where(eq(bookings.id, whole.bookingId));

    at('2025-10-22T11:00:00Z');
    const s = await stats();
    expect(s.todayRevenue).toBe(part.total + whole.total);
    expect(s.weeklyRevenue).toBe(tuesday.total + part.total + whole.total);
    // The chart's bars are the cards' figures.
    expect(await chartTakings('2025-10-22')).toBe(s.todayRevenue);
    expect(await chartTakings('2025-10-21')).toBe(tuesday.total);
  });

  it('drops a cancelled voucher booking, and one whose voucher value went back, from takings', async () => {
    at('2025-10-22T12:00:00Z');
    const before = await stats();
    const voucher = await buyVoucher(t.app, t.ctx.db, { amountPence: 5000, sendOn: '2025-10-22' });
    const cancelled = await bookWithVoucher(voucher.voucherId, 700, 'gone@example.com');
    expect((await stats()).todayRevenue).toBe(before.todayRevenue + cancelled.total);
    await t.ctx.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: clock, giftVoucherState: 'returned' })
      .where(eq(bookings.id, cancelled.bookingId));
    expect(await stats()).toEqual(before);
    expect(await chartTakings('2025-10-22')).toBe(before.todayRevenue);
  });
});
