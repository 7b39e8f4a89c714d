import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../tests/e2e/support/server';
import { bookings, sessionOccupancy } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { bookingPayload, postJson } from './testing/booking-fixtures';
import { addDays, todayInLondon } from '../../shared/dates';

/**
 * DECISIONS.md "Scale": several processes share one PostgreSQL with no other coordination. Two real
 * server processes, 100 concurrent bookings for the last 10 places of one session: exactly 10 hold.
 * Needs a real PostgreSQL server (TEST_DATABASE_URL); PGlite cannot be shared between processes.
 */
const kinds = process.env.TEST_DATABASE_URL ? ['postgres'] : [];
const racePayload = (i: number, date: string) =>
  bookingPayload({
    customerEmail: `race${i}@example.com`,
    selectedDate: date,
    selectedTime: 'midday',
    ticketQuantities: { 'child-1-12': 1 },
    totalAmount: 950,
  });

describe.each(testDbKinds)('concurrent bookings in one process on %s', (kind) => {
  it('sells exactly the last 10 places to 100 concurrent requests', async () => {
    const t = await openTestApp(kind);
    try {
      const date = addDays(todayInLondon(new Date()), 3);
      await t.ctx.db.insert(sessionOccupancy).values({ visitDate: date, sessionId: 'midday', capacity: 60, taken: 50 });
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => postJson(t.app, '/api/create-booking-payment', racePayload(i, date))),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(90);
      const [occ] = await t.ctx.db
        .select()
        .from(sessionOccupancy)
        .where(and(eq(sessionOccupancy.visitDate, date), eq(sessionOccupancy.sessionId, 'midday')));
      expect(occ!.taken).toBe(60);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe.each(kinds)('two server processes on one %s database', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let servers: RunningServer[] = [];
  // Three days ahead, a session that is open whatever the time of day.
  const today = todayInLondon(new Date());
  const date = addDays(today, 3);

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await database.db
      .insert(sessionOccupancy)
      .values({ visitDate: date, sessionId: 'midday', capacity: 60, taken: 50 });
    servers = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: database.url!, RATE_LIMITS: 'off' })));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it('sells exactly the last 10 places to 100 concurrent bookings, none oversold', async () => {
    const payload = (i: number) => JSON.stringify(racePayload(i, date));
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/api/create-booking-payment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: payload(i),
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    const byStatus = new Map<number, number>();
    for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    expect(Object.fromEntries(byStatus)).toEqual({ 201: 10, 409: 90 });
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'capacity_exhausted')).toBe(true);

    const [occ] = await database.db
      .select()
      .from(sessionOccupancy)
      .where(and(eq(sessionOccupancy.visitDate, date), eq(sessionOccupancy.sessionId, 'midday')));
    expect(occ!.taken).toBe(60);
    const [held] = await database.db
      .select({ places: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.visitDate, date), eq(bookings.sessionId, 'midday'), eq(bookings.placesHeld, true)));
    expect(held!.places).toBe(10);
  }, 60_000);
});
