import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingManagerDetail, BookingSearchResponse } from '../../shared/contracts/booking-manager';
import { writeAudit } from '../staff/audit';
import { searchBookings } from './booking-manager';
import { authed, book, insertCheckIn } from '../testing/dashboard-fixtures';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

let clock = new Date('2025-10-21T09:00:00Z');
const tick = () => (clock = new Date(clock.getTime() + 60_000));

describe.each(testDbKinds)('staff booking manager: find and open (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let cookie: string;
  let sam: { bookingId: string };
  let samRef: string;
  const search = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/bookings?q=${encodeURIComponent(q)}`,
      ...authed(cookie),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BookingSearchResponse;
  };
  const names = async (q: string) => (await search(q)).bookings.map((b) => b.customerName);

  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    sam = await book(t.app, {
      customerName: 'Samantha Carter-Jones',
      customerEmail: 'Sam.Carter@Example.com',
      customerPhone: '07700 900 456',
      selectedDate: '2025-10-24',
    });
    tick();
    await book(t.app, {
      customerName: 'Daniel Jackson',
      customerEmail: 'dj@example.org',
      customerPhone: '+44 7700 900789',
      selectedDate: '2025-10-22',
    });
    ({ cookie } = await signInAs(t.app, t.ctx));
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/bookings/${sam.bookingId}`, ...authed(cookie) });
    samRef = (res.json() as { booking: BookingManagerDetail }).booking.reference;
  });
  afterAll(() => t?.close());

  it('finds a booking by a substring of its reference, name, e-mail or phone, in any case', async () => {
    expect(await names(samRef.toLowerCase())).toEqual(['Samantha Carter-Jones']);
    expect(await names(samRef.slice(-5))).toEqual(['Samantha Carter-Jones']);
    // The index is asked for the part after the hyphen; the whole term is what must match.
    expect(await names(`tb-${samRef.slice(4)}`)).toEqual(['Samantha Carter-Jones']);
    expect(await names(`xyz-${samRef.slice(4)}`)).toEqual([]);
    expect(await names('MANTHA')).toEqual(['Samantha Carter-Jones']);
    // Several words: the index is asked for each, the whole term is what must match.
    expect(await names('Samantha Carter')).toEqual(['Samantha Carter-Jones']);
    expect(await names('jones samantha')).toEqual([]);
    expect(await names('carter-j')).toEqual(['Samantha Carter-Jones']);
    expect(await names('sam.carter@EXAMPLE')).toEqual(['Samantha Carter-Jones']);
    expect(await names('example.org')).toEqual(['Daniel Jackson']);
    // Phone digits match whatever the spacing typed or stored.
    expect(await names('900456')).toEqual(['Samantha Carter-Jones']);
    expect(await names('7700 900 7')).toEqual(['Daniel Jackson']);
    // Both, newest first.
    expect(await names('7700 900')).toEqual(['Daniel Jackson', 'Samantha Carter-Jones']);
    expect(await names('nobody-here')).toEqual([]);
    // Wildcards are literal.
    expect(await names('%%%')).toEqual([]);
  });

  it('finds bookings by visit date, typed as 2025-10-24 or 24/10/2025', async () => {
    expect(await names('2025-10-24')).toEqual(['Samantha Carter-Jones']);
    expect(await names('24/10/2025')).toEqual(['Samantha Carter-Jones']);
    expect(await names('2025-10-22')).toEqual(['Daniel Jackson']);
  });

  it('answers at most 50 rows, newest first, and says there were more, for common and rare terms alike', async () => {
    // 601 copies of Sam's booking, a minute apart (written directly: capacity and hold caps are not the point).
    await t.ctx.db.execute(sql`
      insert into bookings (reference, status, customer_name, customer_email, customer_phone, visit_date, session_id,
                            loyalty_opt_in, places, places_held, original_pence, final_pence, ticket_token, created_at)
      select 'BULK-' || i, 'expired', 'Bulk Family ' || i, 'bulk' || i || '@example.com', '01632 960000',
             visit_date, session_id, false, 1, false, 950, 950, 'bulk-token-' || i,
             now() + make_interval(mins => i)
        from bookings, generate_series(0, 600) as i where id = ${sam.bookingId}`);
    // How the newest are found is newestBookingMatches' test; here, the page they make.
    const common = await search('bulk family');
    expect(common.bookings).toHaveLength(50);
    expect(common.more).toBe(true);
    expect(common.bookings[0]!.customerName).toBe('Bulk Family 600');
    const times = common.bookings.map((b) => b.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Fewer (Bulk Family 5, 50-59, 500-599: 111): the newest 50 of them.
    const fewer = await search('bulk family 5');
    expect(fewer.bookings.map((b) => b.customerName)).toEqual(
      [...Array.from({ length: 100 }, (_, i) => 599 - i), 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 5]
        .slice(0, 50)
        .map((n) => `Bulk Family ${n}`),
    );
    expect(fewer.more).toBe(true);
    const rare = await search('bulk family 59');
    expect(rare.bookings.map((b) => b.customerName)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `Bulk Family ${599 - i}`),
      'Bulk Family 59',
    ]);
    expect(rare.more).toBe(false);
    // Through a small window each term goes another way (walked or gathered), with
    // the same answers; phone digits and the date take part in the match too.
    const small = { recent: 20, walkAbove: 3, gatherAtMost: 30 };
    for (const q of ['bulk family', 'bulk family 5', 'bulk family 59', '01632 960000', '2025-10-24', 'nobody-here']) {
      expect(await searchBookings(t.ctx.db, q, small), q).toEqual(await search(q));
    }
  });

  it('refuses a search shorter than 3 characters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/bookings?q=ab', ...authed(cookie) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_input');
  });

  it('opens a booking: lines, payments, check-ins, mails (no bodies), audit entries', async () => {
    await insertCheckIn(t.ctx.db, {
      bookingId: sam.bookingId,
      visitDate: '2025-10-24',
      checkedInAt: new Date('2025-10-24T08:31:00Z'),
    });
    await writeAudit(t.ctx.db, {
      actor: 'someone',
      action: 'booking.note',
      subjectType: 'booking',
      subjectId: sam.bookingId,
      details: { note: 'x' },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/bookings/${sam.bookingId}`, ...authed(cookie) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const b = (res.json() as { booking: BookingManagerDetail }).booking;
    expect(b).toMatchObject({
      reference: samRef,
      status: 'confirmed',
      customerName: 'Samantha Carter-Jones',
      customerPhone: '07700 900 456',
      visitDate: '2025-10-24',
      finalPence: 2 * 950 + 200,
      refundablePence: 2 * 950 + 200,
    });
    expect(b.lines.map((l) => [l.quantity, l.unitPricePence])).toEqual([
      [2, 950],
      [1, 200],
    ]);
    expect(b.payments).toEqual([
      expect.objectContaining({ status: 'succeeded', amountPence: 2100, refundStatus: null, refundPence: 0 }),
    ]);
    expect(b.checkIns).toEqual([expect.objectContaining({ checkedInAt: '2025-10-24T08:31:00.000Z' })]);
    expect(b.mails).toEqual([
      expect.objectContaining({ template: 'booking-confirmation', status: expect.any(String) }),
    ]);
    expect(b.mails[0]!.subject).toMatch(/confirmed/i);
    expect(JSON.stringify(b.mails)).not.toMatch(/text|html|cancel\?|token/i);
    expect(b.audit).toEqual([expect.objectContaining({ actor: 'someone', action: 'booking.note' })]);
  });

  it('answers 404 for an unknown booking and 400 for a malformed id', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/bookings/00000000-0000-4000-8000-000000000000',
      ...authed(cookie),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('booking_not_found');
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/bookings/nope', ...authed(cookie) });
    expect(bad.statusCode).toBe(400);
  });

  it('is for staff only: 401 without a session, 403 for a kiosk device', async () => {
    const { cookie: kiosk } = await signInAs(t.app, t.ctx, { kiosk: true });
    for (const url of ['/api/admin/bookings?q=sam', `/api/admin/bookings/${sam.bookingId}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, ...authed(kiosk) })).statusCode).toBe(403);
    }
  });
});
