import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../tests/e2e/support/server';
import { oneChildBooking, postJson } from '../bookings/testing/booking-fixtures';
import { familyCookieFor, signInByCodeAt } from '../families/testing/family-fixtures';
import { addDays, todayInLondon } from '../../shared/dates';
import { bookings, creditLedger } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { lowestBalance, seedCredits } from './testing/credit-fixtures';

/**
 * No double spending across processes: two real server processes on one PostgreSQL, a family with 3
 * credits sends 10 bookings of one child at once. Exactly 3 use a credit (and, covered in full, are
 * confirmed with no payment); 7 pay full price; the ledger never dips below zero.
 * Needs a real PostgreSQL server (TEST_DATABASE_URL); PGlite cannot be shared between processes.
 */
const kinds = process.env.TEST_DATABASE_URL ? ['postgres'] : [];
const EMAIL = 'race@example.com';

describe.each(testDbKinds)('credits spent by concurrent bookings in one process on %s', (kind) => {
  it('lets exactly 3 of 10 concurrent one-child bookings use a credit', async () => {
    const t = await openTestApp(kind, { config: { RATE_LIMITS: 'off' } });
    try {
      await seedCredits(t.ctx.db, EMAIL, 3);
      const date = addDays(todayInLondon(new Date()), 3);
      const cookie = await familyCookieFor(t.ctx.db, EMAIL);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          postJson(t.app, '/api/create-booking-payment', oneChildBooking(EMAIL, date), cookie),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      expect(results.map((r) => r.json().sessionCreditsUsed).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1]);
      expect(await lowestBalance(t.ctx.db, EMAIL)).toBe(0);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe.each(kinds)('credits spent by concurrent bookings in two server processes on %s', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let servers: RunningServer[] = [];
  const date = addDays(todayInLondon(new Date()), 3);

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await seedCredits(database.db, EMAIL, 3);
    servers = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: database.url!, RATE_LIMITS: 'off' })));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it('lets exactly 3 of 10 concurrent one-child bookings use a credit', async () => {
    // The page sends the total before credits; half the requests type the address differently.
    const body = (i: number) => JSON.stringify(oneChildBooking(i % 2 ? EMAIL : ' Race@Example.COM', date));
    // The family confirms its address on the first process; the session (in the shared database) is
    // honoured by both, so credits are spent on either.
    const cookie = await signInByCodeAt(servers[0]!.url, database.db, EMAIL);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/api/create-booking-payment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: body(i),
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    const withCredit = results.filter((r) => r.body.sessionCreditsUsed === 1);
    const fullPrice = results.filter((r) => r.body.sessionCreditsUsed === 0);
    expect(withCredit).toHaveLength(3);
    expect(fullPrice).toHaveLength(7);
    expect(
      withCredit.every((r) => r.body.finalAmount === 0 && r.body.creditSavings === 950 && r.body.clientSecret === ''),
    ).toBe(true);
    expect(
      fullPrice.every((r) => r.body.finalAmount === 950 && r.body.creditSavings === 0 && r.body.clientSecret),
    ).toBe(true);

    const confirmed = await database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.visitDate, date), eq(bookings.creditsState, 'used')));
    expect(confirmed.map((b) => b.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    const [spent] = await database.db
      .select({
        holds: sql<number>`count(*) filter (where kind = 'hold')::int`,
        uses: sql<number>`count(*) filter (where kind = 'use')::int`,
      })
      .from(creditLedger)
      .where(eq(creditLedger.email, EMAIL));
    expect(spent).toEqual({ holds: 3, uses: 3 });
    expect(await lowestBalance(database.db, EMAIL)).toBe(0);
  }, 60_000);
});
