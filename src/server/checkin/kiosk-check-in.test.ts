import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings, checkIns } from '../db/schema';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { cancelTokenFrom, mailsTo, postJson } from '../bookings/testing/booking-fixtures';
import { agreed, bookTicket, handleFor, kioskPost, ticketCodes } from './testing/kiosk-fixtures';

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
  // A kiosk knows a booking only by the handle a search or scan gave it.
  const handle = (bookingId: string, via: 'scan' | 'reference' = 'reference', cookie = kiosk) =>
    handleFor(t.app, t.ctx.db, cookie, bookingId, via);
  const checkInWith = (h: string, extra: Record<string, unknown> = {}) =>
    post('/api/check-in/check-in', { handle: h, checkedInAt: '2020-01-01T00:00:00.000Z', ...agreed, ...extra });
  const checkIn = async (bookingId: string, extra: Record<string, unknown> = {}) =>
    checkInWith(await handle(bookingId), extra);
  const checkOutWith = (h: string, cookie = kiosk) =>
    post('/api/check-in/check-out', { handle: h, checkedOutAt: new Date().toISOString() }, cookie);
  const scan = async (bookingId: string) =>
    post('/api/check-in/find', { by: 'ticket', token: (await ticketCodes(t.ctx.db, bookingId)).token });
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

    // A scan of the same ticket now shows it used; its handle cannot check it in again.
    const [used] = (await scan(id)).json().tickets;
    expect(used).toMatchObject({ checkedIn: true, checkedOut: false, canCheckOut: true });
    const again = await checkInWith(used.handle);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_checked_in');
    expect(again.json().error.message).toContain('cannot be reused for security reasons');
    expect(await rowsFor(id)).toHaveLength(1);
  });

  it('lets exactly one of two kiosks check the same ticket in at the same moment', async () => {
    const other = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    for (let round = 0; round < 3; round++) {
      const id = await bookTicket(t.app, { customerName: `Race ${round}`, selectedDate: TODAY });
      const [mine, theirs] = [await handle(id), await handle(id, 'reference', other)];
      const results = await Promise.all([
        checkInWith(mine),
        post('/api/check-in/check-in', { handle: theirs, ...agreed }, other),
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

  it('tells whoever scans an unpaid, cancelled or other-day ticket why, and checks none of them in', async () => {
    const unpaid = await bookTicket(t.app, { customerName: 'Not Paid', selectedDate: TODAY }, { pay: false });
    const tomorrow = await bookTicket(t.app, { customerName: 'Too Early', selectedDate: '2025-10-21' });
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
    const r1 = await scan(unpaid);
    expect([r1.statusCode, r1.json().error.code]).toEqual([409, 'unpaid']);
    const r2 = await scan(tomorrow);
    expect([r2.statusCode, r2.json().error.code]).toEqual([409, 'wrong_day']);
    expect(r2.json().error.message).toBe(
      'This ticket is for Tuesday 21 October, not today. Please ask a member of staff.',
    );
    const r3 = await scan(cancelled);
    expect([r3.statusCode, r3.json().error.code]).toEqual([409, 'cancelled']);
    // A reference finds only today's paid bookings: nothing to check in.
    const { reference } = await ticketCodes(t.ctx.db, unpaid);
    expect((await post('/api/check-in/find', { by: 'reference', reference })).json().tickets).toEqual([]);
    expect(await written()).toEqual(before);
  });

  it('re-checks at check-in: a booking cancelled, or a day that ended, after the search is refused', async () => {
    const plans = await bookTicket(t.app, {
      customerName: 'Late Change',
      selectedDate: TODAY,
    });
    const lateId = await bookTicket(t.app, { customerName: 'Too Late', selectedDate: TODAY });
    const h = await handle(plans);
    // Staff cancel it at the desk (a family may not cancel on the day) while the family reads the terms.
    await t.ctx.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, plans));
    const before = await written();
    const r1 = await checkInWith(h);
    expect([r1.statusCode, r1.json().error.code]).toEqual([409, 'cancelled']);
    // Found at 23:55 on the day, Check In pressed at 00:01 the next: another day's ticket.
    clock = new Date('2025-10-20T22:55:00Z');
    const yesterday = await handle(lateId);
    clock = new Date('2025-10-20T23:01:00Z');
    const r2 = await checkInWith(yesterday);
    expect([r2.statusCode, r2.json().error.code]).toEqual([409, 'wrong_day']);
    expect(await written()).toEqual(before);
  });

  it.each([
    ['terms not agreed', { termsAgreed: false }],
    ['parking not agreed', { cefParkingAgreed: undefined }],
    ['a plate too long', { numberPlate: 'AB12CDEFG' }],
    ['a plate with symbols', { numberPlate: 'AB-12' }],
    ['no handle', { handle: '' }],
    ['a bad time stamp', { checkedInAt: 'yesterday' }],
  ])('refuses %s with a JSON 400 and writes nothing', async (_label, change) => {
    const id = await bookTicket(t.app, { customerName: 'Bad Input', selectedDate: TODAY });
    const h = await handle(id);
    const before = await written();
    const res = await post('/api/check-in/check-in', { handle: h, ...agreed, ...change });
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
      '/api/check-in/find',
    ]) {
      const res = await post(url, '{"ticketId": ');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('invalid_json');
    }
    expect(await written()).toEqual(before);
  });

  it('checks out a scanned ticket once: a second check-out is a 409, as is one never checked in', async () => {
    const id = await bookTicket(t.app, { customerName: 'Out Going', selectedDate: TODAY });
    const never = await bookTicket(t.app, { customerName: 'Never In', selectedDate: TODAY });
    expect((await checkIn(id)).statusCode).toBe(200);
    clock = new Date('2025-10-20T10:30:00Z');
    const scanned = await handle(id, 'scan');
    const out = await checkOutWith(scanned);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({
      success: true,
      checkedOutAt: '2025-10-20T10:30:00.000Z',
      message: 'Out G. has been checked out.',
    });
    expect((await rowsFor(id))[0]).toMatchObject({ checkedOutBy: 'kiosk:Front desk tablet' });
    const again = await checkOutWith(scanned);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'already_checked_out']);
    const notIn = await checkOutWith(await handle(never, 'scan'));
    expect([notIn.statusCode, notIn.json().error.code]).toEqual([409, 'not_checked_in']);
    // Checked out is still used: the ticket cannot come back in.
    expect((await checkInWith(scanned)).json().error.code).toBe('already_checked_in');
    const both = await Promise.all([checkOutWith(scanned), checkOutWith(scanned)]);
    expect(both.every((r) => r.statusCode === 409)).toBe(true);
  });

  it("checks out someone else's visit only for staff: a kiosk needs the family's own scan", async () => {
    const id = await bookTicket(t.app, { customerName: 'Stay Put', selectedDate: TODAY });
    expect((await checkIn(id)).statusCode).toBe(200);
    const other = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    const before = await written();
    const byReference = await checkOutWith(await handle(id));
    expect([byReference.statusCode, byReference.json().error.code]).toEqual([403, 'forbidden']);
    const byId = await post('/api/check-in/check-out', { ticketId: id });
    expect([byId.statusCode, byId.json().error.code]).toEqual([403, 'forbidden']);
    // Another device's scan handle is nothing here.
    const elsewhere = await checkOutWith(await handle(id, 'scan', other));
    expect([elsewhere.statusCode, elsewhere.json().error.code]).toEqual([404, 'ticket_not_found']);
    expect(await written()).toEqual(before);

    const staff = await signInAs(t.app, t.ctx, { role: 'staff' });
    const desk = await checkOutWith(await handle(id, 'reference', staff.cookie), staff.cookie);
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().message).toBe('Stay Put has been checked out.');
  });

  it('refuses a handle that is forged, altered, or older than 10 minutes', async () => {
    const id = await bookTicket(t.app, { customerName: 'Slow Reader', selectedDate: TODAY });
    const h = await handle(id);
    const altered = h.slice(0, 20) + (h[20] === 'A' ? 'B' : 'A') + h.slice(21);
    for (const bad of [altered, 'not-a-handle', id]) {
      const res = await checkInWith(bad);
      expect([res.statusCode, res.json().error.code], bad).toEqual([404, 'ticket_not_found']);
    }
    clock = new Date(START.getTime() + 10 * 60_000 + 1);
    const late = await checkInWith(h);
    expect([late.statusCode, late.json().error.code]).toEqual([410, 'search_expired']);
    expect(await rowsFor(id)).toEqual([]);
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
        handle: expect.any(String),
        displayName: 'Sam W.',
        bookingDate: TODAY,
        timeSlot: 'Open Play (Walk-in)',
        numberOfChildren: 3,
        numberOfAdults: 2,
        status: 'paid_in_store',
        checkedIn: true,
        checkedOut: false,
        canCheckOut: false,
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

    // Walk-ins have no ticket to scan: reception checks them out.
    expect((await checkOutWith(res.json().ticket.handle)).statusCode).toBe(403);
    const staff = await signInAs(t.app, t.ctx, { role: 'staff' });
    const byStaff = (cookie: string) => post('/api/check-in/check-out', { ticketId: walkInId }, cookie);
    expect((await byStaff(staff.cookie)).statusCode).toBe(200);
    expect((await byStaff(staff.cookie)).statusCode).toBe(409);
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
    const h = await handle(id, 'reference', staff.cookie);
    expect((await post('/api/check-in/check-in', { handle: h, ...agreed }, staff.cookie)).statusCode).toBe(200);
    expect((await rowsFor(id))[0]!.checkedInBy).toBe(staff.username);
  });
});
