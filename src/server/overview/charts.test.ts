import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewChartsResponseSchema, type OverviewChartsResponse } from '../../shared/contracts/overview-charts';
import { cancelTokenFrom, mailsTo, postJson } from '../bookings/testing/booking-fixtures';
import { bookings, sessionOccupancy } from '../db/schema';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { authed, book, buyCredits } from '../testing/dashboard-fixtures';
import { addDays } from '../../shared/dates';

/**
 * The Overview charts across the clocks going back: BST (UTC+1) until Sunday 26 October 2025 at
 * 02:00, then GMT, so the 26th is a 25-hour venue day. Asked on Monday 27 October at noon: the last
 * 30 days are 28 September to 27 October, the next 14 are 27 October to 9 November.
 */
describe.each(testDbKinds)('overview charts (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = new Date('2025-09-27T22:30:00Z');
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t?.close());

  const at = (iso: string) => (clock = new Date(iso));
  const url = '/api/admin/overview/charts';
  // A staff session lasts 12 hours and the clock moves by days: sign in at the moment of asking.
  const charts = async () => {
    const { cookie } = await signInAs(t.app, t.ctx);
    const res = await t.app.inject({ method: 'GET', url, ...authed(cookie) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return overviewChartsResponseSchema.parse(res.json());
  };
  const children = (n: number) => ({ ticketQuantities: { 'child-1-12': n }, totalAmount: n * 950 });
  const nonZeroDays = (r: OverviewChartsResponse) =>
    r.days.filter((d) => d.bookings || d.takings).map((d) => [d.date, d.bookings, d.takings]);
  const soldOn = (r: OverviewChartsResponse, date: string) =>
    r.upcoming.find((d) => d.date === date)?.sessions.map((s) => [s.sessionId, s.sold, s.capacity]);

  it('refuses a stranger (401) and a kiosk device (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const { cookie } = await signInAs(t.app, t.ctx, { username: 'kiosk-desk', kiosk: true });
    const res = await t.app.inject({ method: 'GET', url, ...authed(cookie) });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('shows 30 days of zeros and 14 days of empty sessions before anything is sold', async () => {
    const r = await charts();
    expect(r.today).toBe('2025-09-27');
    expect(r.days).toHaveLength(30);
    expect(r.days[0]!.date).toBe('2025-08-29');
    expect(r.days.at(-1)!.date).toBe('2025-09-27');
    expect(nonZeroDays(r)).toEqual([]);
    expect(r.sessions.map((s) => s.id)).toEqual(['morning', 'midday', 'afternoon']);
    expect(r.upcoming.map((d) => d.date)).toEqual(Array.from({ length: 14 }, (_, i) => addDays('2025-09-27', i)));
    expect(r.upcoming.at(-1)!.date).toBe('2025-10-10');
    expect(r.upcoming.flatMap((d) => d.sessions.map((s) => s.sold))).toEqual(Array(42).fill(0));
    expect(r.upcoming[0]!.sessions.map((s) => s.capacity)).toEqual([60, 60, 60]);
  });

  it('buckets by London day across the clock change and leaves out what was not sold', async () => {
    at('2025-09-27T22:30:00Z'); // Saturday 27 September 23:30 BST: 31 days before the 27th, out of the window
    await book(t.app, { customerEmail: 'a@example.com' });
    at('2025-09-27T23:30:00Z'); // Sunday 28 September 00:30 BST: the window's first day
    await book(t.app, { customerEmail: 'b@example.com' }); // 2 children and an adult: £21
    at('2025-10-21T22:55:00Z'); // made Tuesday 21st 23:55 BST...
    const c = await book(t.app, { customerEmail: 'c@example.com', ...children(1) }, { pay: false });
    at('2025-10-21T23:05:00Z'); // ...paid Wednesday 22nd 00:05 BST
    const paid = await postJson(t.app, '/api/test-payments/confirm', {
      clientSecret: c.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'C',
    });
    expect(paid.json().status).toBe('succeeded');
    at('2025-10-22T09:00:00Z');
    await buyCredits(t.app, { customerName: 'Dee Credits', customerEmail: 'd@example.com' }); // £75 on the 22nd
    at('2025-10-22T10:00:00Z');
    await book(t.app, { customerEmail: 'e@example.com', selectedDate: '2025-10-23' }, { pay: false }); // a hold that lapses
    await book(t.app, { customerEmail: 'f@example.com', selectedDate: '2025-10-23' }, { pay: 'declined' });
    const bank = await book(
      t.app,
      { customerEmail: 'g@example.com', selectedDate: '2025-10-23', ...children(1) },
      { pay: false },
    );
    // A bank payment still clearing (the test provider has none): a booking, not yet takings.
    await t.ctx.db
      .update(bookings)
      .set({ status: 'processing', holdExpiresAt: null })
      .where(eq(bookings.id, bank.bookingId));

    at('2025-10-25T22:59:00Z'); // Saturday 25th 23:59 BST
    await book(t.app, { customerEmail: 'h@example.com', selectedDate: '2025-10-31' }); // 2 in the morning
    at('2025-10-25T23:30:00Z'); // Sunday 26th 00:30 BST
    await book(t.app, {
      customerEmail: 'i@example.com',
      selectedDate: '2025-10-29',
      selectedTime: 'midday',
      ...children(1),
    });
    at('2025-10-26T23:30:00Z'); // Sunday 26th 23:30 GMT: the same 25-hour day
    await book(t.app, {
      customerEmail: 'j@example.com',
      selectedDate: '2025-10-29',
      selectedTime: undefined,
      ...children(1),
    }); // all day
    at('2025-10-27T00:30:00Z'); // Monday 27th 00:30 GMT
    await book(t.app, { customerEmail: 'k@example.com', selectedDate: '2025-11-09', selectedTime: 'afternoon' });
    await book(t.app, { customerEmail: 'l@example.com', selectedDate: '2025-11-10' }); // after the 14 days
    await book(t.app, { customerEmail: 'm@example.com', selectedDate: '2025-10-30' });
    const [mail] = await mailsTo(t.ctx.db, 'm@example.com');
    const cancelled = await postJson(t.app, '/api/bookings/cancel', { token: cancelTokenFrom(mail!.text) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await book(
      t.app,
      { customerEmail: 'n@example.com', selectedDate: '2025-10-29', selectedTime: 'midday', ...children(3) },
      { pay: false },
    ); // a hold: counted against capacity for 15 minutes, but not sold
    // Staff lowered the 29th's midday capacity (the calendar tab's per-date capacity).
    await t.ctx.db
      .update(sessionOccupancy)
      .set({ capacity: 45 })
      .where(and(eq(sessionOccupancy.visitDate, '2025-10-29'), eq(sessionOccupancy.sessionId, 'midday')));

    at('2025-10-27T12:00:00Z');
    const r = await charts();
    expect(r.today).toBe('2025-10-27');
    expect(r.days).toHaveLength(30);
    expect([r.days[0]!.date, r.days.at(-1)!.date]).toEqual(['2025-09-28', '2025-10-27']);
    expect(nonZeroDays(r)).toEqual([
      ['2025-09-28', 1, 2100],
      ['2025-10-21', 1, 0], // c, made on the 21st...
      ['2025-10-22', 1, 950 + 7500], // ...paid on the 22nd; the credit bundle; g processing
      ['2025-10-25', 1, 2100],
      ['2025-10-26', 2, 950 + 950], // 00:30 BST and 23:30 GMT
      ['2025-10-27', 2, 2100 + 2100], // k and l; m cancelled
    ]);
    expect(r.upcoming).toHaveLength(14);
    expect([r.upcoming[0]!.date, r.upcoming.at(-1)!.date]).toEqual(['2025-10-27', '2025-11-09']);
    expect(soldOn(r, '2025-10-29')).toEqual([
      ['morning', 1, 60], // the all-day ticket counts in every session
      ['midday', 2, 45],
      ['afternoon', 1, 60],
    ]);
    expect(soldOn(r, '2025-10-30')).toEqual([
      ['morning', 0, 60], // cancelled
      ['midday', 0, 60],
      ['afternoon', 0, 60],
    ]);
    expect(soldOn(r, '2025-10-31')).toEqual([
      ['morning', 2, 60],
      ['midday', 0, 60],
      ['afternoon', 0, 60],
    ]);
    expect(soldOn(r, '2025-11-09')).toEqual([
      ['morning', 0, 60],
      ['midday', 0, 60],
      ['afternoon', 2, 60],
    ]);
    const total = r.upcoming.flatMap((d) => d.sessions).reduce((s, x) => s + x.sold, 0);
    expect(total).toBe(1 + 2 + 1 + 2 + 2);
  });
});
