import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateAvailability } from '../../shared/contracts/booking';
import type { SessionCapacityResponse, SetSessionCapacityResponse } from '../../shared/contracts/session-capacity';
import { bookingPayload, oneChildBooking, postJson } from '../bookings/testing/booking-fixtures';
import { sessionOccupancy } from '../db/schema';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

// Wednesday 1 July 2026, 09:00 in London (BST); every date below is a weekday within the booking window.
const NOW = new Date('2026-07-01T08:00:00Z');
const URL = '/api/admin/calendar/capacity';

describe.each(testDbKinds)('per-date session capacity (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let req: ReturnType<typeof staffRequest>;
  let username: string;
  beforeAll(async () => {
    // A month cache that would outlive the whole file: the public calendar sees a change only because
    // the change empties it.
    t = await openTestApp(kind, { now: () => NOW, config: { AVAILABILITY_CACHE_MS: '600000' } });
    const staff = await signInAs(t.app, t.ctx, { role: 'staff' });
    username = staff.username;
    req = staffRequest(t.app, staff.cookie);
  });
  afterAll(() => t?.close());

  const setCapacity = (date: string, sessionId: string, capacity: unknown) =>
    req('POST', URL, { date, sessionId, capacity });
  const day = async (date: string) => {
    const res = await req('GET', `${URL}?date=${date}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SessionCapacityResponse;
  };
  const session = async (date: string, id: string) => (await day(date)).sessions.find((s) => s.sessionId === id)!;
  /** The public month call the booking page makes (cached), narrowed to one date and session. */
  const publicSession = async (date: string, id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/calendar/availability?from=2026-07-01&to=2026-07-31` });
    const dates = (res.json() as { dates: DateAvailability[] }).dates;
    return dates.find((d) => d.date === date)!.sessions.find((s) => s.id === id)!;
  };
  const book = (date: string, children: number, email = `c${Math.random()}@example.com`) =>
    postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({
        customerEmail: email,
        selectedDate: date,
        selectedTime: 'midday',
        ticketQuantities: { 'child-1-12': children },
        totalAmount: children * 950,
      }),
    );
  const occupancy = async (date: string, id: string) =>
    (
      await t.ctx.db
        .select()
        .from(sessionOccupancy)
        .where(and(eq(sessionOccupancy.visitDate, date), eq(sessionOccupancy.sessionId, id)))
    )[0];

  it('reads a date nobody booked: every session at its usual capacity, nothing taken', async () => {
    const res = await day('2026-07-06');
    expect(res.date).toBe('2026-07-06');
    expect(res.sessions.map((s) => s.sessionId)).toEqual(['morning', 'midday', 'afternoon']);
    expect(res.sessions[0]).toEqual({
      sessionId: 'morning',
      label: '9:30 AM - 11:30 AM',
      capacity: 60,
      defaultCapacity: 60,
      taken: 0,
      remaining: 60,
      blocked: false,
    });
  });

  it('raises one session on one date: audited with the staff member, the public calendar shows it at once', async () => {
    const date = '2026-07-07';
    expect((await publicSession(date, 'midday')).remaining).toBe(60); // now in the month cache
    const res = await setCapacity(date, 'midday', 75);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SetSessionCapacityResponse;
    expect(body).toMatchObject({ success: true, date, previousCapacity: 60 });
    expect(body.session).toMatchObject({ sessionId: 'midday', capacity: 75, defaultCapacity: 60, remaining: 75 });
    expect(await session(date, 'midday')).toMatchObject({ capacity: 75, remaining: 75 });
    // Only that session, only that date.
    expect(await session(date, 'morning')).toMatchObject({ capacity: 60 });
    expect(await session('2026-07-08', 'midday')).toMatchObject({ capacity: 60 });
    expect(await publicSession(date, 'midday')).toMatchObject({ remaining: 75, available: true });
    expect(await auditRows(t.ctx.db, `${date}:midday`)).toEqual([
      {
        actor: username,
        action: 'session_capacity_changed',
        subject_id: `${date}:midday`,
        details: { date, sessionId: 'midday', from: 60, to: 75, taken: 0 },
      },
    ]);
  });

  it('lowers to the places taken but not below: the refusal says how many, and nothing changes', async () => {
    const date = '2026-07-09';
    expect((await book(date, 3)).statusCode).toBe(201);
    expect((await setCapacity(date, 'midday', 5)).statusCode).toBe(200);
    expect(await session(date, 'midday')).toMatchObject({ capacity: 5, taken: 3, remaining: 2 });
    const audits = (await auditRows(t.ctx.db)).length;

    const refused = await setCapacity(date, 'midday', 2);
    expect(refused.statusCode).toBe(409);
    const message = '3 places are already taken for that session; capacity cannot go below 3.';
    expect(refused.json().error).toEqual({ code: 'capacity_below_taken', message, fields: { capacity: [message] } });
    expect(await occupancy(date, 'midday')).toMatchObject({ capacity: 5, taken: 3 });
    expect((await auditRows(t.ctx.db)).length).toBe(audits);

    // Exactly the places taken: full, so the public calendar closes it and a booking is refused.
    expect((await setCapacity(date, 'midday', 3)).statusCode).toBe(200);
    expect(await publicSession(date, 'midday')).toMatchObject({ remaining: 0, available: false });
    const full = await book(date, 1);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('capacity_exhausted');
    // Raised again: a booking fits.
    expect((await setCapacity(date, 'midday', 4)).statusCode).toBe(200);
    expect((await book(date, 1)).statusCode).toBe(201);
    expect(await session(date, 'midday')).toMatchObject({ capacity: 4, taken: 4, remaining: 0 });
  });

  it('says "1 place is" for one child', async () => {
    const date = '2026-07-10';
    expect((await book(date, 1)).statusCode).toBe(201);
    const refused = await setCapacity(date, 'midday', 0);
    expect(refused.json().error.message).toBe('1 place is already taken for that session; capacity cannot go below 1.');
  });

  it('setting the same capacity again changes nothing and writes no audit entry', async () => {
    const date = '2026-07-13';
    expect((await setCapacity(date, 'afternoon', 40)).statusCode).toBe(200);
    const audits = (await auditRows(t.ctx.db)).length;
    const again = await setCapacity(date, 'afternoon', 40);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ previousCapacity: 40, session: { capacity: 40 } });
    expect((await auditRows(t.ctx.db)).length).toBe(audits);
  });

  it('a session closed to 0 on a date nobody booked: the public calendar shows it unavailable', async () => {
    const date = '2026-07-14';
    expect((await setCapacity(date, 'morning', 0)).statusCode).toBe(200);
    expect(await publicSession(date, 'morning')).toMatchObject({ remaining: 0, available: false });
    expect(await publicSession(date, 'midday')).toMatchObject({ remaining: 60, available: true });
  });

  it('never oversells when holds and a lower capacity arrive at the same moment', async () => {
    const dates = ['2026-07-15', '2026-07-16', '2026-07-17'];
    for (const [i, date] of dates.entries()) {
      await t.ctx.db.insert(sessionOccupancy).values({ visitDate: date, sessionId: 'midday', capacity: 10, taken: 0 });
      // Twelve one-child holds race a cut from 10 to 4 + i places (the cut lands somewhere among them).
      const holds = Array.from({ length: 12 }, (_, n) =>
        postJson(t.app, '/api/create-booking-payment', oneChildBooking(`race${i}-${n}@example.com`, date)),
      );
      const cut = setCapacity(date, 'midday', 4 + i);
      const [cutRes, ...holdRes] = await Promise.all([cut, ...holds]);
      const occ = (await occupancy(date, 'midday'))!;
      const held = holdRes.filter((r) => r.statusCode === 201).length;
      expect(holdRes.every((r) => r.statusCode === 201 || r.json().error.code === 'capacity_exhausted')).toBe(true);
      expect(occ.taken).toBe(held);
      expect(occ.taken).toBeLessThanOrEqual(occ.capacity);
      if (cutRes.statusCode === 200) expect(occ.capacity).toBe(4 + i);
      else {
        // Refused only because more than the new capacity was already held when it took the lock.
        expect(cutRes.statusCode).toBe(409);
        expect(cutRes.json().error.code).toBe('capacity_below_taken');
        expect(occ.capacity).toBe(10);
      }
    }
  }, 60_000);

  it.each([
    ['a negative capacity', { date: '2026-07-20', sessionId: 'midday', capacity: -1 }, 'capacity'],
    ['a capacity over the maximum', { date: '2026-07-20', sessionId: 'midday', capacity: 501 }, 'capacity'],
    ['a fraction', { date: '2026-07-20', sessionId: 'midday', capacity: 2.5 }, 'capacity'],
    ['a capacity as text', { date: '2026-07-20', sessionId: 'midday', capacity: '10' }, 'capacity'],
    ['no capacity', { date: '2026-07-20', sessionId: 'midday' }, 'capacity'],
    ['a malformed session', { date: '2026-07-20', sessionId: "x' or 1=1", capacity: 10 }, 'sessionId'],
    ['an impossible date', { date: '2026-02-30', sessionId: 'midday', capacity: 10 }, 'date'],
    ['a past date', { date: '2026-06-30', sessionId: 'midday', capacity: 10 }, 'date'],
    ['a date years ahead', { date: '2029-01-01', sessionId: 'midday', capacity: 10 }, 'date'],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_label, body, field) => {
    const audits = (await auditRows(t.ctx.db)).length;
    const res = await req('POST', URL, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
    expect((await auditRows(t.ctx.db)).length).toBe(audits);
    expect(await occupancy('2026-07-20', 'midday')).toBeUndefined();
  });

  it('refuses an array body and a bad GET date with a 400, an unknown session with a 404', async () => {
    expect((await req('POST', URL, [{ date: '2026-07-20', sessionId: 'midday', capacity: 10 }])).statusCode).toBe(400);
    expect((await req('GET', `${URL}?date=tomorrow`)).statusCode).toBe(400);
    expect((await req('GET', URL)).statusCode).toBe(400);
    const unknown = await setCapacity('2026-07-20', 'evening', 10);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    expect(await occupancy('2026-07-20', 'evening')).toBeUndefined();
  });

  it('refuses a stranger (401) and a kiosk device (403), reading or changing', async () => {
    const stranger = staffRequest(t.app, undefined);
    const kiosk = staffRequest(t.app, (await signInAs(t.app, t.ctx, { role: 'staff', kiosk: true })).cookie);
    const body = { date: '2026-07-21', sessionId: 'midday', capacity: 1 };
    expect((await stranger('GET', `${URL}?date=2026-07-21`)).statusCode).toBe(401);
    expect((await stranger('POST', URL, body)).statusCode).toBe(401);
    expect((await kiosk('GET', `${URL}?date=2026-07-21`)).statusCode).toBe(403);
    expect((await kiosk('POST', URL, body)).statusCode).toBe(403);
    expect(await occupancy('2026-07-21', 'midday')).toBeUndefined();
  });

  it('lets an admin change it too', async () => {
    const admin = staffRequest(t.app, (await signInAs(t.app, t.ctx, { role: 'admin' })).cookie);
    const res = await admin('POST', URL, { date: '2026-07-22', sessionId: 'afternoon', capacity: 30 });
    expect(res.statusCode).toBe(200);
  });
});
