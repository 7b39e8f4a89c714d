import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TodaysBookingsResponse } from '../../shared/contracts/admin';
import { bookings } from '../db/schema';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { authed, book, insertCheckIn } from '../testing/dashboard-fixtures';

// Tuesday 21 October 2025: the bookings are made the day before the visit on Wednesday 22nd.
const DAY_BEFORE = new Date('2025-10-21T09:00:00Z');
const VISIT_DAY = new Date('2025-10-22T08:45:00Z'); // 9:45 BST

describe.each(testDbKinds)("today's bookings (%s)", (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = DAY_BEFORE;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
  });
  afterAll(() => t?.close());

  it('lists the day’s confirmed visits with party size, slot and check-in state', async () => {
    const morning = await book(t.app, {
      customerName: 'Mo Morning',
      customerEmail: 'mo@example.com',
      ticketQuantities: { 'child-1-12': 2, 'child-0-1': 1, adult: 2 },
      totalAmount: 2 * 950 + 400 + 2 * 200,
    });
    const allDay = await book(t.app, {
      customerName: 'Al Allday',
      customerEmail: 'al@example.com',
      selectedTime: undefined,
      ticketQuantities: { 'child-1-12': 1 },
      totalAmount: 950,
    });
    const afternoon = await book(t.app, {
      customerName: 'Af Ternoon',
      customerEmail: 'af@example.com',
      selectedTime: 'afternoon',
      ticketQuantities: { adult: 1, 'child-1-12': 1 },
      totalAmount: 1150,
    });
    const bank = await book(
      t.app,
      { customerName: 'Bea Bank', customerEmail: 'bea@example.com', selectedTime: 'midday' },
      { pay: false },
    );
    await t.ctx.db
      .update(bookings)
      .set({ status: 'processing', holdExpiresAt: null })
      .where(eq(bookings.id, bank.bookingId));
    await book(t.app, { customerName: 'Hal Hold', customerEmail: 'hal@example.com' }, { pay: false }); // never paid
    await book(t.app, { customerName: 'Dee Declined', customerEmail: 'dee@example.com' }, { pay: 'declined' });
    await book(t.app, { customerName: 'Tom Tomorrow', customerEmail: 'tom@example.com', selectedDate: '2025-10-23' });

    clock = VISIT_DAY;
    await insertCheckIn(t.ctx.db, {
      bookingId: morning.bookingId,
      visitDate: '2025-10-22',
      checkedInAt: new Date('2025-10-22T08:31:00Z'),
      children: 3,
      adults: 2,
    });
    await insertCheckIn(t.ctx.db, {
      bookingId: allDay.bookingId,
      visitDate: '2025-10-22',
      checkedInAt: new Date('2025-10-22T08:35:00Z'),
      checkedOutAt: new Date('2025-10-22T08:40:00Z'),
    });
    const { cookie } = await signInAs(t.app, t.ctx);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/todays-bookings', ...authed(cookie) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TodaysBookingsResponse;
    expect(body.date).toBe('2025-10-22');
    // All-day tickets first, then by session.
    expect(body.bookings.map((b) => b.customerName)).toEqual(['Al Allday', 'Mo Morning', 'Bea Bank', 'Af Ternoon']);
    const [al, mo, bea, af] = body.bookings;
    expect(mo).toEqual({
      id: morning.bookingId,
      reference: expect.stringMatching(/^PTB-/),
      customerName: 'Mo Morning',
      customerEmail: 'mo@example.com',
      customerPhone: '07700 900123',
      timeSlot: '9:30 AM - 11:30 AM',
      numberOfChildren: 3,
      numberOfAdults: 2,
      totalAmount: 2700,
      status: 'confirmed',
      checkedIn: true,
      checkedInAt: '2025-10-22T08:31:00.000Z',
      checkedOut: false,
      checkedOutAt: null,
      // Issue 39: no rules of play accepted, no profile children named (kiosk-agreement.test.ts has both).
      rulesOfPlayAccepted: false,
      children: [],
    });
    expect(al).toMatchObject({
      timeSlot: 'All Day',
      numberOfChildren: 1,
      numberOfAdults: 0,
      totalAmount: 950,
      checkedIn: true,
      checkedOut: true,
      checkedOutAt: '2025-10-22T08:40:00.000Z',
    });
    expect(bea).toMatchObject({
      timeSlot: '12:00 PM - 2:00 PM',
      status: 'processing',
      checkedIn: false,
      checkedInAt: null,
    });
    expect(af).toMatchObject({
      timeSlot: '2:00 PM - 4:00 PM',
      numberOfChildren: 1,
      numberOfAdults: 1,
      totalAmount: 1150,
      checkedIn: false,
    });
    expect(afternoon.bookingId).toBe(af!.id);
  });

  it('answers an empty list on a day with no bookings', async () => {
    clock = new Date('2025-10-25T10:00:00Z');
    const { cookie } = await signInAs(t.app, t.ctx);
    const body = (
      await t.app.inject({ method: 'GET', url: '/api/admin/todays-bookings', ...authed(cookie) })
    ).json() as TodaysBookingsResponse;
    expect(body).toEqual({ success: true, date: '2025-10-25', bookings: [] });
  });
});
