import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, checkIns } from '../db/schema';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { cancelTokenFrom, mailsTo, postJson } from '../bookings/testing/booking-fixtures';
import { agreed, bookTicket, kioskPost } from './testing/kiosk-fixtures';

const TODAY = '2025-10-20';
const START = new Date('2025-10-20T07:00:00Z'); // Monday 08:00 BST

describe.each(testDbKinds)('kiosk check-in and check-out (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  let kiosk: string;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    clock = START;
  });

  const post = (url: string, payload: unknown, cookie: string | undefined = kiosk) =>
    kioskPost(t.app, cookie, url, payload);
  const checkIn = (ticketId: string, extra: Record<string, unknown> = {}) =>
    post('/api/check-in/check-in', { ticketId, checkedInAt: '2020-01-01T00:00:00.000Z', ...agreed, ...extra });
  const checkOut = (ticketId: string) =>
    post('/api/check-in/check-out', { ticketId, checkedOutAt: new Date().toISOString() });
  const rowsFor = (bookingId: string) => t.ctx.db.select().from(checkIns).where(eq(checkIns.bookingId, bookingId));
  const written = async () => ({
    checkIns: (await t.ctx.db.select({ n: count() }).from(checkIns))[0]!.n,
    audit: (await t.ctx.db.select({ n: count() }).from(auditLog))[0]!.n,
  });

  it('checks a paid ticket in once, on the server clock, with the plate normalised and an audit entry', async () => {
    const id = await bookTicket(t.app, { customerName: 'Mo Patel', selectedDate: TODAY });
    clock = new Date('2025-10-20T08:40:00Z');
    const res = await checkIn(id, { numberPlate: 'ab12 cde' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, checkedInAt: '2025-10-20T08:40:00.000Z' });
    const [row] = await rowsFor(id);
    expect(row).toMatchObject({
      visitDate: TODAY,
      children: 2,
      adults: 1,
      numberPlate: 'AB12CDE',
      parkingAgreed: true,
      checkedInBy: 'kiosk:Front desk tablet',
      checkedOutAt: null,
      walkInName: null,
    });
    expect(row!.checkedInAt.toISOString()).toBe('2025-10-20T08:40:00.000Z');
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(audit.map((a) => [a.action, a.actor])).toEqual([['checked_in', 'kiosk:Front desk tablet']]);

    const again = await checkIn(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_checked_in');
    expect(again.json().error.message).toContain('cannot be reused for security reasons');
    expect(await rowsFor(id)).toHaveLength(1);
  });

  it('lets exactly one of two kiosks check the same ticket in at the same moment', async () => {
    const other = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    for (let round = 0; round < 3; round++) {
      const id = await bookTicket(t.app, { customerName: `Race ${round}`, selectedDate: TODAY });
      const results = await Promise.all([
        checkIn(id),
        post('/api/check-in/check-in', { ticketId: id, ...agreed }, other),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('already_checked_in');
      expect(await rowsFor(id)).toHaveLength(1);
    }
  });

  it('stores no plate when the field is empty or missing', async () => {
    const a = await bookTicket(t.app, { customerName: 'No Car', selectedDate: TODAY });
    const b = await bookTicket(t.app, { customerName: 'No Car Either', selectedDate: TODAY });
    expect((await checkIn(a, { numberPlate: '   ' })).statusCode).toBe(200);
    expect((await checkIn(b, { numberPlate: null })).statusCode).toBe(200);
    expect((await rowsFor(a))[0]!.numberPlate).toBeNull();
    expect((await rowsFor(b))[0]!.numberPlate).toBeNull();
  });

  it('refuses an unpaid booking, a cancelled one and one for another day', async () => {
    const unpaid = await bookTicket(t.app, { customerName: 'Not Paid', selectedDate: TODAY }, { pay: false });
    const tomorrow = await bookTicket(t.app, { customerName: 'Too Early', selectedDate: '2025-10-21' });
    const yesterday = await bookTicket(t.app, { customerName: 'Too Late', selectedDate: TODAY });
    const cancelled = await bookTicket(t.app, {
      customerName: 'Changed Plans',
      customerEmail: 'plans@example.com',
      selectedDate: '2025-10-21',
    });
    const [mail] = await mailsTo(t.ctx.db, 'plans@example.com');
    expect((await postJson(t.app, '/api/bookings/cancel', { token: cancelTokenFrom(mail!.text) })).statusCode).toBe(
      200,
    );
    const before = await written();
    const r1 = await checkIn(unpaid);
    expect([r1.statusCode, r1.json().error.code]).toEqual([409, 'unpaid']);
    const r2 = await checkIn(tomorrow);
    expect([r2.statusCode, r2.json().error.code]).toEqual([409, 'wrong_day']);
    expect(r2.json().error.message).toBe(
      'This ticket is for Tuesday 21 October, not today. Please ask a member of staff.',
    );
    clock = new Date('2025-10-21T08:00:00Z');
    const r3 = await checkIn(yesterday);
    expect([r3.statusCode, r3.json().error.code]).toEqual([409, 'wrong_day']);
    const r5 = await checkIn(cancelled);
    expect([r5.statusCode, r5.json().error.code]).toEqual([409, 'cancelled']);
    const r4 = await checkIn('00000000-0000-4000-8000-000000000000');
    expect([r4.statusCode, r4.json().error.code]).toEqual([404, 'ticket_not_found']);
    expect(await written()).toEqual(before);
  });

  it.each([
    ['terms not agreed', { termsAgreed: false }],
    ['parking not agreed', { cefParkingAgreed: undefined }],
    ['a plate too long', { numberPlate: 'AB12CDEFG' }],
    ['a plate with symbols', { numberPlate: 'AB-12' }],
    ['a ticket id that is not one', { ticketId: "1' or '1'='1" }],
    ['a bad time stamp', { checkedInAt: 'yesterday' }],
  ])('refuses %s with a JSON 400 and writes nothing', async (_label, change) => {
    const id = await bookTicket(t.app, { customerName: 'Bad Input', selectedDate: TODAY });
    const before = await written();
    const res = await post('/api/check-in/check-in', { ticketId: id, ...agreed, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().error.code).toBe('invalid_input');
    expect(await written()).toEqual(before);
  });

  it('refuses malformed JSON on every kiosk write with a JSON 400', async () => {
    const before = await written();
    for (const url of [
      '/api/check-in/check-in',
      '/api/check-in/walk-in',
      '/api/check-in/check-out',
      '/api/check-in/search-all-tickets',
    ]) {
      const res = await post(url, '{"ticketId": ');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('invalid_json');
    }
    expect(await written()).toEqual(before);
  });

  it('checks out once: a second check-out is a 409, as is checking out a ticket never checked in', async () => {
    const id = await bookTicket(t.app, { customerName: 'Out Going', selectedDate: TODAY });
    const never = await bookTicket(t.app, { customerName: 'Never In', selectedDate: TODAY });
    expect((await checkIn(id)).statusCode).toBe(200);
    clock = new Date('2025-10-20T10:30:00Z');
    const out = await checkOut(id);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({
      success: true,
      checkedOutAt: '2025-10-20T10:30:00.000Z',
      message: 'Out Going has been checked out.',
    });
    expect((await rowsFor(id))[0]).toMatchObject({ checkedOutBy: 'kiosk:Front desk tablet' });
    const again = await checkOut(id);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'already_checked_out']);
    const notIn = await checkOut(never);
    expect([notIn.statusCode, notIn.json().error.code]).toEqual([409, 'not_checked_in']);
    // Checked out is still used: the ticket cannot come back in.
    expect((await checkIn(id)).json().error.code).toBe('already_checked_in');
    const both = await Promise.all([checkOut(id), checkOut(id)]);
    expect(both.every((r) => r.statusCode === 409)).toBe(true);
  });

  it('records a walk-in who paid at reception, once even when the request is repeated, and checks it out', async () => {
    const walkInId = '6f1c2d3e-4b5a-4c6d-8e7f-001122334455';
    const body = {
      walkInId,
      customerName: '  Sam Walker ',
      numberOfChildren: 3,
      numberOfAdults: 2,
      numberPlate: 'wk19 abc',
      ...agreed,
    };
    const res = await post('/api/check-in/walk-in', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      ticket: {
        id: walkInId,
        customerName: 'Sam Walker',
        customerEmail: '',
        customerPhone: '',
        bookingDate: TODAY,
        timeSlot: 'Open Play (Walk-in)',
        numberOfChildren: 3,
        numberOfAdults: 2,
        totalAmount: 0,
        status: 'paid_in_store',
        checkedIn: true,
        checkedOut: false,
      },
    });
    expect((await post('/api/check-in/walk-in', body)).statusCode).toBe(201);
    const rows = await t.ctx.db.select().from(checkIns).where(eq(checkIns.id, walkInId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      walkInName: 'Sam Walker',
      bookingId: null,
      numberPlate: 'WK19ABC',
      children: 3,
      adults: 2,
    });
    const clash = await post('/api/check-in/walk-in', { ...body, customerName: 'Someone Else' });
    expect([clash.statusCode, clash.json().error.code]).toEqual([409, 'walk_in_conflict']);

    expect((await checkOut(walkInId)).statusCode).toBe(200);
    expect((await checkOut(walkInId)).statusCode).toBe(409);
  });

  it.each([
    ['a name of one letter', { customerName: ' A ' }, 'Name Required'],
    ['no children', { numberOfChildren: 0 }, 'At least 1 child'],
    ['eleven adults', { numberOfAdults: 11 }, 'At most 10 adults'],
    ['terms not agreed', { termsAgreed: false }, 'Please agree to the terms and conditions'],
  ])('refuses a walk-in with %s and writes nothing', async (_label, change, message) => {
    const before = await written();
    const res = await post('/api/check-in/walk-in', {
      customerName: 'Sam Walker',
      numberOfChildren: 1,
      numberOfAdults: 1,
      ...agreed,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await written()).toEqual(before);
  });

  it('lets signed-in staff use the kiosk calls too, recorded under their name', async () => {
    const staff = await signInAs(t.app, t.ctx, { role: 'staff' });
    const id = await bookTicket(t.app, { customerName: 'Desk Help', selectedDate: TODAY });
    expect((await post('/api/check-in/check-in', { ticketId: id, ...agreed }, staff.cookie)).statusCode).toBe(200);
    expect((await rowsFor(id))[0]!.checkedInBy).toBe(staff.username);
  });
});
