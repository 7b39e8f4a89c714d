import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../tests/e2e/support/server';
import { postJson } from '../bookings/testing/booking-fixtures';
import { familyCookieFor } from '../families/testing/family-fixtures';
import type { Db } from '../db/client';
import { loyaltyVouchers } from '../db/schema';
import { openTestApp } from '../testing/test-app';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { pointTotals } from './loyalty-ledger';
import { lowestBalance, seedMember } from './testing/loyalty-fixtures';

/**
 * No points spent twice: a member with points for exactly two free hot drinks (2 x 50) sends ten
 * redemptions at once in the member's family session. Exactly two succeed, the other eight are refused
 * for want of points, and the balance never dips below zero. The two-process case needs a real
 * PostgreSQL server (TEST_DATABASE_URL): PGlite cannot be shared between processes.
 */
const kinds = process.env.TEST_DATABASE_URL ? ['postgres'] : [];
const ten = Array.from({ length: 10 }, (_, i) => i);
const body = (memberId: string) => ({ memberId, rewardId: 'free-hot-drink', pointsCost: 50 });

async function expectTwoSpent(db: Db, memberId: string, statuses: number[], errorCodes: string[]) {
  expect(statuses.filter((s) => s === 200)).toHaveLength(2);
  expect(statuses.filter((s) => s === 409)).toHaveLength(8);
  expect(errorCodes.filter(Boolean)).toEqual(Array(8).fill('insufficient_points'));
  expect(await pointTotals(db, memberId)).toEqual({ currentPoints: 0, totalPoints: 100 });
  expect(await lowestBalance(db, memberId)).toBe(0);
  expect(await db.select().from(loyaltyVouchers).where(eq(loyaltyVouchers.memberId, memberId))).toHaveLength(2);
}

describe.each(testDbKinds)('concurrent redemptions in one process on %s', (kind) => {
  it('lets exactly 2 of 10 concurrent redemptions spend 100 points', async () => {
    const now = new Date();
    const t = await openTestApp(kind, { now: () => now });
    try {
      const memberId = await seedMember(t.ctx.db, 'race@example.com', 100);
      const cookie = await familyCookieFor(t.ctx.db, 'race@example.com');
      const results = await Promise.all(ten.map(() => postJson(t.app, '/api/loyalty/redeem', body(memberId), cookie)));
      await expectTwoSpent(
        t.ctx.db,
        memberId,
        results.map((r) => r.statusCode),
        results.map((r) => (r.statusCode === 200 ? '' : r.json().error.code)),
      );
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe.each(kinds)('concurrent redemptions in two server processes on %s', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    servers = await Promise.all([0, 1].map(() => startServer({ DATABASE_URL: database.url!, RATE_LIMITS: 'off' })));
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  const send = (i: number, payload: unknown, cookie: string) =>
    fetch(`${servers[i % 2]!.url}/api/loyalty/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(payload),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('lets exactly 2 of 10 redemptions, split across both processes, spend 100 points', async () => {
    const memberId = await seedMember(database.db, 'race2@example.com', 100);
    // One family session in the shared database, honoured by both processes.
    const cookie = await familyCookieFor(database.db, 'race2@example.com');
    const results = await Promise.all(ten.map((i) => send(i, body(memberId), cookie)));
    await expectTwoSpent(
      database.db,
      memberId,
      results.map((r) => r.status),
      results.map((r) => (r.status === 200 ? '' : r.body.error.code)),
    );
    const vouchers = results.filter((r) => r.status === 200).map((r) => r.body.voucher.code);
    expect(new Set(vouchers).size).toBe(2);
  }, 60_000);
});
