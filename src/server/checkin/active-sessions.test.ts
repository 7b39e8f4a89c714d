import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSessionsResponse } from '../../shared/contracts/admin';
import { rowsOf } from '../db/client';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { authed, book, insertCheckIn } from '../testing/dashboard-fixtures';

const NOW = new Date('2025-10-22T12:00:00Z'); // Wednesday 1:00 PM BST
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

describe.each(testDbKinds)('active sessions and staff checkout (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = new Date('2025-10-21T09:00:00Z');
  let bookingId = '';
  let walkInId = '';
  let cookie = '';
  let username = '';
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    ({ bookingId } = await book(t.app, {
      customerName: 'Cara Checkin',
      customerEmail: 'cara@example.com',
      selectedTime: 'midday',
    }));
    const gone = await book(t.app, {
      customerName: 'Gus Gone',
      customerEmail: 'gus@example.com',
      selectedTime: 'midday',
    });
    clock = NOW;
    ({ cookie, username } = await signInAs(t.app, t.ctx));
    await insertCheckIn(t.ctx.db, {
      bookingId,
      visitDate: '2025-10-22',
      checkedInAt: minutesAgo(30),
      children: 2,
      adults: 1,
    });
    walkInId = await insertCheckIn(t.ctx.db, {
      walkInName: 'Wendy Walkin',
      visitDate: '2025-10-22',
      checkedInAt: minutesAgo(150),
    });
    await insertCheckIn(t.ctx.db, {
      bookingId: gone.bookingId,
      visitDate: '2025-10-22',
      checkedInAt: minutesAgo(60),
      checkedOutAt: minutesAgo(5),
    });
  });
  afterAll(() => t?.close());

  const active = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/active-sessions', ...authed(cookie) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ActiveSessionsResponse).activeSessions;
  };
  const checkout = (id: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/check-in/check-out', ...authed(cookie), payload: { ticketId: id } });

  it('lists who is in, longest first, with the minutes left of their 2 hours (negative when over)', async () => {
    const sessions = await active();
    expect(sessions).toEqual([
      {
        bookingId: walkInId,
        reference: null,
        walkIn: true,
        customerName: 'Wendy Walkin',
        customerEmail: '',
        customerPhone: '',
        numberOfChildren: 1,
        numberOfAdults: 1,
        timeRemaining: -30,
        checkedInAt: minutesAgo(150).toISOString(),
        sessionEnd: minutesAgo(30).toISOString(),
        rulesOfPlayAccepted: null,
        children: [],
      },
      {
        bookingId,
        reference: expect.stringMatching(/^PTB-/),
        walkIn: false,
        customerName: 'Cara Checkin',
        customerEmail: 'cara@example.com',
        customerPhone: '07700 900123',
        numberOfChildren: 2,
        numberOfAdults: 1,
        timeRemaining: 90,
        checkedInAt: minutesAgo(30).toISOString(),
        sessionEnd: new Date(NOW.getTime() + 90 * 60_000).toISOString(),
        // The seeded rules of play are in force and Cara has not accepted them; her booking names no children.
        rulesOfPlayAccepted: false,
        children: [],
      },
    ]);
  });

  it('checks a booking out once, audit-logged; a second press is a 409', async () => {
    const res = await checkout(bookingId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      checkedOutAt: NOW.toISOString(),
      message: 'Cara Checkin has been checked out.',
    });
    expect((await active()).map((s) => s.customerName)).toEqual(['Wendy Walkin']);
    const [row] = rowsOf<{ checked_out_at: Date | string; checked_out_by: string }>(
      await t.ctx.db.execute(sql`select checked_out_at, checked_out_by from check_ins where booking_id = ${bookingId}`),
    );
    expect(new Date(row!.checked_out_at).toISOString()).toBe(NOW.toISOString());
    expect(row!.checked_out_by).toBe(username);
    const audit = rowsOf<{ actor: string; subject_type: string; subject_id: string }>(
      await t.ctx.db.execute(sql`select actor, subject_type, subject_id from audit_log where action = 'checked_out'`),
    );
    expect(audit).toEqual([{ actor: username, subject_type: 'booking', subject_id: bookingId }]);

    const again = await checkout(bookingId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'already_checked_out',
      message: 'This ticket has already been checked out.',
    });
    expect(rowsOf(await t.ctx.db.execute(sql`select 1 from audit_log where action = 'checked_out'`))).toHaveLength(1);
  });

  it('checks a walk-in out by the check-in id the list gave', async () => {
    const res = await checkout(walkInId.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Wendy Walkin has been checked out.');
    expect(await active()).toEqual([]);
  });

  it('two staff pressing Check Out at once check the visitor out once', async () => {
    const id = await insertCheckIn(t.ctx.db, {
      walkInName: 'Rita Race',
      visitDate: '2025-10-22',
      checkedInAt: minutesAgo(10),
    });
    const codes = (await Promise.all([checkout(id), checkout(id)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    expect(rowsOf(await t.ctx.db.execute(sql`select 1 from audit_log where subject_id = ${id}`))).toHaveLength(1);
  });

  it('answers 404 for an unknown ticket and 400 for a malformed id, writing nothing', async () => {
    const before = rowsOf(await t.ctx.db.execute(sql`select 1 from audit_log`)).length;
    const unknown = await checkout('6f1c2f0e-8a4b-4c2d-9e3f-1a2b3c4d5e6f');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ticket_not_found');
    for (const bad of ['', 'not-a-uuid', 42, null]) expect((await checkout(bad)).statusCode).toBe(400);
    expect(rowsOf(await t.ctx.db.execute(sql`select 1 from audit_log`))).toHaveLength(before);
  });
});
