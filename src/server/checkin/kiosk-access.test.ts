import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, checkIns, sessionRestrictions } from '../db/schema';
import { signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { agreed, bookTicket, kioskPost } from './testing/kiosk-fixtures';

const TODAY = '2025-10-20';

describe.each(testDbKinds)('kiosk access and sessions (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = new Date('2025-10-20T07:00:00Z'); // Monday 08:00 BST
  let kiosk: string;
  let bookingId: string;
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    kiosk = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
    bookingId = await bookTicket(t.app, { customerName: 'Ada Lovelace', selectedDate: TODAY });
  });
  afterAll(() => t?.close());

  it('answers 401 kiosk_not_enabled on every kiosk call without a device session, and writes nothing', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', '/api/check-in/find', { by: 'reference', reference: 'PTB-AAAAAA' }],
      ['POST', '/api/check-in/check-in', { handle: bookingId, ...agreed }],
      ['POST', '/api/check-in/walk-in', { customerName: 'Ada', numberOfChildren: 1, numberOfAdults: 1, ...agreed }],
      ['POST', '/api/check-in/check-out', { ticketId: bookingId }],
      ['GET', `/api/available-sessions/${TODAY}`, undefined],
    ];
    const writes = async () => [
      (await t.ctx.db.select({ n: count() }).from(checkIns))[0]!.n,
      (await t.ctx.db.select({ n: count() }).from(auditLog))[0]!.n,
    ];
    const before = await writes();
    for (const cookie of [undefined, 'ptb_staff=not-a-real-session']) {
      for (const [method, url, body] of calls) {
        const res =
          method === 'GET'
            ? await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
            : await kioskPost(t.app, cookie, url, body);
        expect(res.statusCode, url).toBe(401);
        expect(res.json().error.code, url).toBe('kiosk_not_enabled');
      }
    }
    expect(await writes()).toEqual(before);
  });

  it("lists today's three sessions with start and end, and whether each can still be booked", async () => {
    await t.ctx.db
      .insert(sessionRestrictions)
      .values({ date: TODAY, sessionId: 'midday', reason: 'Private hire', createdBy: 'test' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/available-sessions/${TODAY}`,
      headers: { cookie: kiosk },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      date: TODAY,
      sessions: [
        { id: 'morning', label: '9:30 AM - 11:30 AM', startLabel: '9:30 AM', endLabel: '11:30 AM', available: true },
        { id: 'midday', label: '12:00 PM - 2:00 PM', startLabel: '12:00 PM', endLabel: '2:00 PM', available: false },
        { id: 'afternoon', label: '2:00 PM - 4:00 PM', startLabel: '2:00 PM', endLabel: '4:00 PM', available: true },
      ],
    });
    // After the morning's last entry (10:30), it can no longer be booked.
    clock = new Date('2025-10-20T09:31:00Z');
    const later = (
      await t.app.inject({ method: 'GET', url: `/api/available-sessions/${TODAY}`, headers: { cookie: kiosk } })
    ).json();
    expect(later.sessions.map((s: { available: boolean }) => s.available)).toEqual([false, false, true]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/available-sessions/2025-02-30',
      headers: { cookie: kiosk },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('kiosk search rate limit', () => {
  it('allows a busy morning of searches per device, then answers 429 with Retry-After', async () => {
    const t = await openTestApp('pglite', {
      config: { RATE_LIMITS: 'on' },
      now: () => new Date('2025-10-20T07:00:00Z'),
    });
    try {
      const a = (await signInAs(t.app, t.ctx, { kiosk: true })).cookie;
      const search = (cookie: string) =>
        kioskPost(t.app, cookie, '/api/check-in/find', { by: 'surname', surname: 'Lovelace', phoneDigits: '123' });
      for (let i = 0; i < 120; i++) expect((await search(a)).statusCode).toBe(200);
      const limited = await search(a);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another tablet at the same address has its own allowance.
      const b = (await signInAs(t.app, t.ctx, { kiosk: true, username: 'second-tablet' })).cookie;
      expect((await search(b)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
