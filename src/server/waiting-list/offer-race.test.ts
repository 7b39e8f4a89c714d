import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceInChildProcesses } from '../testing/race-in-processes';
import { openTestDatabase } from '../testing/test-database';
import { taken } from '../bookings/testing/booking-fixtures';
import { waitingListEntries } from '../db/schema';
import { entryRows, offerMailCount, setRoom } from './testing/waiting-list-fixtures';

const worker = fileURLToPath(new URL('./testing/offer-race-worker.ts', import.meta.url));
const NOW = new Date('2025-10-20T09:00:00Z');
const DAY = '2025-10-22';

/**
 * DECISIONS.md: each freed place is offered once. Two processes on one PostgreSQL run the offer pass at the
 * same moment (three passes each), with one place free and five families waiting for one place each.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the waiting list offer race (postgres)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(() => database?.close());

  it('offers one freed place once when two processes run the offer pass at the same moment', async () => {
    const db = database.db;
    await setRoom(db, DAY, 'midday', 1);
    await db.insert(waitingListEntries).values(
      Array.from({ length: 5 }, (_, i) => ({
        email: `race${i}@example.com`,
        visitDate: DAY,
        sessionId: 'midday',
        places: 1,
        createdAt: new Date(NOW.getTime() - (5 - i) * 60_000),
        updatedAt: NOW,
      })),
    );
    const before = await taken(db, DAY, 'midday');
    const env = { DATABASE_URL: database.url!, RACE_NOW: NOW.toISOString(), RACE_COUNT: '3' };
    const offers = await raceInChildProcesses<number>(worker, [env, env]);
    expect(offers).toHaveLength(6);
    expect(offers.reduce((a, b) => a + b, 0)).toBe(1);
    const rows = await entryRows(db);
    expect(rows.filter((r) => r.status === 'offered').map((r) => r.email)).toEqual(['race0@example.com']);
    expect(await taken(db, DAY, 'midday')).toBe(before + 1);
    expect(await offerMailCount(db)).toBe(1);
    await db.execute(sql`delete from waiting_list_entries`);
  }, 60_000);
});
