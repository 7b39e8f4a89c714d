import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStatsResponse } from '../../shared/contracts/admin';
import { cancelTokenFrom, mailsTo, postJson } from '../bookings/testing/booking-fixtures';
import { bookings } from '../db/schema';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { authed, book, buyCredits } from '../testing/dashboard-fixtures';
import { mondayOf } from '../../shared/dates';

/**
 * The Overview figures across day and week boundaries in Europe/London, with a moved clock.
 * October 2025: BST (UTC+1) until Sunday 26th at 02:00, then GMT. The week is Monday to Sunday.
 */
describe.each(testDbKinds)('dashboard stats (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = new Date('2025-10-19T22:30:00Z');
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t?.close());

  const at = (iso: string) => (clock = new Date(iso));
  // A staff session lasts 12 hours and the clock moves by days: sign in at the moment of asking.
  const stats = async () => {
    const { cookie } = await signInAs(t.app, t.ctx);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard-stats', ...authed(cookie) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DashboardStatsResponse;
  };
  const child = (n: number) => ({ ticketQuantities: { 'child-1-12': n }, totalAmount: n * 950 });

  it('knows the venue week runs Monday to Sunday', () => {
    expect(mondayOf('2025-10-26')).toBe('2025-10-20');
    expect(mondayOf('2025-10-27')).toBe('2025-10-27');
  });

  it('counts bookings by the day they were made and revenue by the day it was paid', async () => {
    at('2025-10-19T22:30:00Z'); // Sunday 23:30 BST: last week
    await book(t.app, { customerEmail: 'a@example.com' });
    at('2025-10-19T23:30:00Z'); // Monday 00:30 BST: this week
    await book(t.app, { customerEmail: 'b@example.com', ...child(1) });
    at('2025-10-20T10:00:00Z');
    await book(t.app, { customerEmail: 'c@example.com' }, { pay: false }); // a hold: not a sale
    await book(t.app, { customerEmail: 'd@example.com' }, { pay: 'declined' }); // a declined card
    at('2025-10-21T22:55:00Z'); // made Tuesday 23:55 BST...
    const e = await book(
      t.app,
      { customerEmail: 'e@example.com', ticketQuantities: { 'child-0-1': 1, adult: 1 }, totalAmount: 600 },
      { pay: false },
    );
    at('2025-10-21T23:05:00Z'); // ...paid Wednesday 00:05 BST
    expect(
      (
        await postJson(t.app, '/api/test-payments/confirm', {
          clientSecret: e.clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/34',
          cvc: '123',
          name: 'E',
        })
      ).json().status,
    ).toBe('succeeded');
    at('2025-10-22T09:00:00Z');
    await buyCredits(t.app, { customerName: 'Fran Credits', customerEmail: 'f@example.com' }); // £75 paid Wednesday
    at('2025-10-22T10:00:00Z');
    await book(t.app, { customerEmail: 'g@example.com', selectedDate: '2025-10-24' });
    at('2025-10-22T10:30:00Z');
    // The test provider has no bank debit: a Bacs payment still clearing is set by hand.
    const p = await book(
      t.app,
      { customerEmail: 'E@Example.com', selectedDate: '2025-10-24', ...child(1) },
      { pay: false },
    );
    await t.ctx.db
      .update(bookings)
      .set({ status: 'processing', holdExpiresAt: null })
      .where(eq(bookings.id, p.bookingId));

    at('2025-10-22T11:00:00Z'); // Wednesday noon BST
    expect((await stats()).stats).toEqual({
      todayBookings: 2, // g and the processing one (e was made on Tuesday)
      todayRevenue: 600 + 7500 + 2100, // e, the credit bundle, g
      weeklyBookings: 4, // b, e, g, processing
      weeklyRevenue: 950 + 600 + 7500 + 2100,
      totalCustomers: 5, // a, b, e (twice, any case), f, g
    });
  });

  it('drops a cancelled (refunded) booking from bookings, revenue and customers', async () => {
    at('2025-10-22T11:30:00Z');
    const [mail] = await mailsTo(t.ctx.db, 'g@example.com');
    const res = await postJson(t.app, '/api/bookings/cancel', { token: cancelTokenFrom(mail!.text) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stats()).stats).toEqual({
      todayBookings: 1,
      todayRevenue: 8100,
      weeklyBookings: 3,
      weeklyRevenue: 9050,
      totalCustomers: 4,
    });
  });

  it('starts a new day and week at London midnight after the clocks go back', async () => {
    at('2025-10-26T23:30:00Z'); // Sunday 23:30 GMT: still this week
    await book(t.app, {
      customerEmail: 'h@example.com',
      selectedDate: '2025-10-29',
      selectedTime: 'midday',
      ...child(1),
    });
    expect((await stats()).stats).toEqual({
      todayBookings: 1,
      todayRevenue: 950,
      weeklyBookings: 4,
      weeklyRevenue: 10_000,
      totalCustomers: 5,
    });

    at('2025-10-27T00:30:00Z'); // Monday 00:30 GMT: a new week
    await book(t.app, { customerName: 'Ivy Newweek', customerEmail: 'i@example.com', selectedDate: '2025-10-29' });
    const { stats: s, recentActivity } = await stats();
    expect(s).toEqual({
      todayBookings: 1,
      todayRevenue: 2100,
      weeklyBookings: 1,
      weeklyRevenue: 2100,
      totalCustomers: 6,
    });

    // Newest first: Ivy's booking and its payment, both £21.00; no holds, declines or cancellations.
    expect(recentActivity.length).toBeLessThanOrEqual(10);
    expect(recentActivity.slice(0, 2).map((a) => [a.type, a.customerName, a.amount, a.created])).toEqual([
      ['booking', 'Ivy Newweek', 2100, '2025-10-27T00:30:00.000Z'],
      ['payment', 'Ivy Newweek', 2100, '2025-10-27T00:30:00.000Z'],
    ]);
    const times = recentActivity.map((a) => a.created);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      recentActivity.some((a) => a.type === 'payment' && a.customerName === 'Fran Credits' && a.amount === 7500),
    ).toBe(true);
    const bookingIds = new Set(
      (await t.ctx.db.select({ id: bookings.id, email: bookings.customerEmail }).from(bookings))
        .filter((b) => ['c@example.com', 'd@example.com', 'g@example.com'].includes(b.email))
        .map((b) => b.id),
    );
    expect(recentActivity.filter((a) => a.type === 'booking' && bookingIds.has(a.id))).toEqual([]);
  });
});
