import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateRestrictionResponse, RestrictionsResponse } from '../../shared/contracts/admin-calendar';
import type { DateAvailability } from '../../shared/contracts/booking';
import { bookingPayload, postJson } from '../bookings/testing/booking-fixtures';
import { bookings, sessionRestrictions } from '../db/schema';
import { auditRows, signInAs, staffRequest } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';

// Wednesday 1 July 2026, 09:00 in London (BST).
const NOW = new Date('2026-07-01T08:00:00Z');
const DAY = '2026-07-08';
const payload = (overrides: Record<string, unknown> = {}) => ({
  date: DAY,
  timeSlot: 'midday',
  reason: 'Private party',
  description: 'School group',
  createdBy: 'admin',
  ...overrides,
});

describe.each(testDbKinds)('blocking slots on the booking calendar (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let req: ReturnType<typeof staffRequest>;
  let username: string;
  beforeAll(async () => {
    // No month cache: each availability read below sees the table as it is.
    t = await openTestApp(kind, { now: () => NOW, config: { AVAILABILITY_CACHE_MS: '0' } });
    const staff = await signInAs(t.app, t.ctx, { role: 'staff' });
    username = staff.username;
    req = staffRequest(t.app, staff.cookie);
  });
  afterAll(() => t?.close());

  const counts = async () => ({
    restrictions: (await t.ctx.db.select().from(sessionRestrictions)).length,
    audit: (await auditRows(t.ctx.db)).length,
  });
  const list = async () =>
    ((await req('GET', '/api/admin/session-restrictions')).json() as RestrictionsResponse).restrictions;
  const publicDay = async (date: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/calendar/availability?from=${date}&to=${date}` });
    return (res.json() as { dates: DateAvailability[] }).dates[0]!;
  };

  it('blocks a session: listed with its label, recorded under the signed-in name, audit-logged', async () => {
    const res = await req('POST', '/api/admin/session-restrictions', payload());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as CreateRestrictionResponse;
    expect(body.restriction).toMatchObject({
      date: DAY,
      timeSlot: '12:00 PM - 2:00 PM',
      sessionId: 'midday',
      reason: 'Private party',
      description: 'School group',
      createdBy: username,
    });
    expect(body.affectedBookings).toBe(0);
    expect(await list()).toEqual([body.restriction]);
    expect(await auditRows(t.ctx.db, body.restriction.id)).toEqual([
      {
        actor: username,
        action: 'session_blocked',
        subject_id: body.restriction.id,
        details: { date: DAY, sessionId: 'midday', reason: 'Private party' },
      },
    ]);
    const day = await publicDay(DAY);
    expect(day.available).toBe(true);
    expect(day.sessions.find((s) => s.id === 'midday')).toMatchObject({ blocked: true, available: false });
  });

  it('refuses the same block twice, and a session on a day already closed, with a 409', async () => {
    const before = await counts();
    const again = await req('POST', '/api/admin/session-restrictions', payload({ reason: 'Again' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'already_blocked',
      message: 'That time slot is already blocked on that date.',
    });
    expect(await counts()).toEqual(before);

    expect(
      (
        await req(
          'POST',
          '/api/admin/session-restrictions',
          payload({ date: '2026-07-09', timeSlot: 'all-day', reason: 'Staff training' }),
        )
      ).statusCode,
    ).toBe(201);
    const onClosedDay = await req(
      'POST',
      '/api/admin/session-restrictions',
      payload({ date: '2026-07-09', timeSlot: 'morning' }),
    );
    expect(onClosedDay.statusCode).toBe(409);
    expect(onClosedDay.json().error.message).toBe('That whole day is already blocked.');
  });

  it('lets only one of two simultaneous identical blocks through', async () => {
    const both = await Promise.all(
      [0, 1].map(() =>
        req('POST', '/api/admin/session-restrictions', payload({ date: '2026-07-10', timeSlot: 'afternoon' })),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await list()).filter((r) => r.date === '2026-07-10')).toHaveLength(1);
  });

  it.each([
    ['a past date', payload({ date: '2026-06-30' }), 'Please choose today or a later date.'],
    ['a date years ahead', payload({ date: '2031-01-01' }), 'Please choose a date within the next two years.'],
    ['no reason', payload({ reason: '   ' }), 'Please fill in date, time slot, and reason.'],
    ['no date', payload({ date: '' }), 'Please fill in date, time slot, and reason.'],
    ['no time slot', payload({ timeSlot: undefined }), 'Please fill in date, time slot, and reason.'],
    ['an unknown session', payload({ timeSlot: 'evening' }), 'Please fill in date, time slot, and reason.'],
    ['an impossible date', payload({ date: '2026-02-30' }), 'Please select a date'],
    ['a long description', payload({ description: 'x'.repeat(1001) }), 'Must be at most 1000 characters'],
    ['a wrong type', payload({ reason: 42 }), undefined],
    ['an array body', [payload()], undefined],
  ])('refuses %s with a 400 JSON error and writes nothing', async (_label, body, message) => {
    const before = await counts();
    const res = await req('POST', '/api/admin/session-restrictions', body);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('a whole-day block closes the date in public availability and refuses bookings; removing it reopens the date', async () => {
    const date = '2026-07-13';
    expect((await publicDay(date)).available).toBe(true);
    const created = (
      await req(
        'POST',
        '/api/admin/session-restrictions',
        payload({ date, timeSlot: 'all-day', reason: 'Private hire' }),
      )
    ).json() as CreateRestrictionResponse;
    expect(created.restriction.timeSlot).toBe('All day');
    const day = await publicDay(date);
    expect(day).toMatchObject({ available: false, restricted: true });
    expect(day.sessions.every((s) => s.blocked && !s.available)).toBe(true);

    const bookingsBefore = (await t.ctx.db.select().from(bookings)).length;
    const refused = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ selectedDate: date, selectedTime: 'midday' }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('session_unavailable');
    expect((await t.ctx.db.select().from(bookings)).length).toBe(bookingsBefore);

    const removed = await req('DELETE', `/api/admin/session-restrictions/${created.restriction.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, id: created.restriction.id });
    expect((await publicDay(date)).available).toBe(true);
    expect((await list()).some((r) => r.id === created.restriction.id)).toBe(false);
    expect((await auditRows(t.ctx.db, created.restriction.id)).map((a) => [a.action, a.actor])).toEqual([
      ['session_blocked', username],
      ['session_unblocked', username],
    ]);
  });

  it('refuses a booking for a blocked session and tells staff how many bookings a new block affects', async () => {
    const date = '2026-07-14';
    const booked = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ selectedDate: date, selectedTime: 'morning' }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const created = (
      await req('POST', '/api/admin/session-restrictions', payload({ date, timeSlot: 'morning' }))
    ).json() as CreateRestrictionResponse;
    expect(created.affectedBookings).toBe(1);
    const refused = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ selectedDate: date, selectedTime: 'morning' }),
    );
    expect(refused.statusCode).toBe(409);
    const otherSession = await postJson(
      t.app,
      '/api/create-booking-payment',
      bookingPayload({ selectedDate: date, selectedTime: 'afternoon' }),
    );
    expect(otherSession.statusCode).toBe(201);
  });

  it('lists only today and later', async () => {
    await t.ctx.db.insert(sessionRestrictions).values([
      { date: '2026-06-30', sessionId: null, reason: 'Yesterday', createdBy: 'test' },
      { date: '2026-07-01', sessionId: 'afternoon', reason: 'Today', createdBy: 'test' },
    ]);
    const reasons = (await list()).map((r) => r.reason);
    expect(reasons).toContain('Today');
    expect(reasons).not.toContain('Yesterday');
    const dates = (await list()).map((r) => r.date);
    expect(dates).toEqual([...dates].sort());
  });

  it('removing: 404 JSON for an unknown id, 400 for a malformed one, nothing written', async () => {
    const before = await counts();
    const unknown = await req('DELETE', '/api/admin/session-restrictions/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    const bad = await req('DELETE', '/api/admin/session-restrictions/1%20or%201=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_input');
    expect(await counts()).toEqual(before);
  });
});
