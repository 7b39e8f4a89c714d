import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketTypeDto } from '../../shared/contracts/booking';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { signInAs } from '../testing/staff-fixtures';
import { testConfig } from '../testing/test-config';
import { openTestDatabase } from '../testing/test-database';
import { requestAs } from './testing/admin-fixtures';

/**
 * Two server processes on one PostgreSQL (DECISIONS.md: every process shows an edit within 5 seconds): two
 * apps, each with its own pool and so its own in-memory catalogue, as two processes have.
 */
const kinds = process.env.TEST_DATABASE_URL ? ['postgres'] : [];
describe.each(kinds)('an edit reaches another process on the same %s database', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let secondDb: Database;
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    secondDb = await openDatabase({ databaseUrl: database.url! });
    for (const db of [database.db, secondDb.db]) {
      const built = await buildApp({ db, config: testConfig(), webRoot: '/nonexistent' });
      await built.app.ready();
      apps.push(built);
    }
  }, 90_000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.app.close()));
    await secondDb?.close();
    await database?.close();
  });

  const childPrice = async (app: FastifyInstance) => {
    const res = await app.inject({ method: 'GET', url: '/api/ticket-types' });
    return (res.json() as { ticketTypes: TicketTypeDto[] }).ticketTypes.find((x) => x.id === 'child-1-12')!.price;
  };

  it('serves a price edited through one process from the other within 5 seconds, without a restart', async () => {
    const [{ app: one, ctx }, { app: other }] = apps as [(typeof apps)[0], (typeof apps)[0]];
    // The other process has the catalogue in memory already.
    expect(await childPrice(other)).toBe(950);
    const { cookie } = await signInAs(one, ctx, { role: 'admin' });
    const today = (await (await one.inject({ method: 'GET', url: '/api/ticket-types' })).json()).date as string;
    const res = await requestAs(one, cookie)('POST', '/api/admin/catalogue/ticket-types/child-1-12/prices', {
      fromDate: today,
      pricePence: 1075,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const editedAt = performance.now();
    expect(await childPrice(one)).toBe(1075);
    let seen = await childPrice(other);
    while (seen !== 1075 && performance.now() - editedAt < 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await childPrice(other);
    }
    const elapsed = performance.now() - editedAt;
    expect(seen).toBe(1075);
    expect(elapsed).toBeLessThan(5000);
  });

  it("serves a date's new band (a single-date override) from the other process within 5 seconds", async () => {
    const [{ app: one, ctx }, { app: other }] = apps as [(typeof apps)[0], (typeof apps)[0]];
    const bandOn = async (app: FastifyInstance, date: string) =>
      (await app.inject({ method: 'GET', url: `/api/calendar/day-types?from=${date}&to=${date}` })).json().days[0]
        .bandId as string;
    const date = '2031-06-03'; // a Tuesday in term, off-peak
    expect(await bandOn(other, date)).toBe('off-peak');
    const { cookie } = await signInAs(one, ctx, { role: 'admin' });
    const res = await requestAs(one, cookie)('PATCH', '/api/admin/catalogue/day-types', {
      version: 0,
      bands: [
        { id: 'off-peak', name: 'Off-peak' },
        { id: 'peak', name: 'Peak' },
      ],
      rules: { weekdays: 'off-peak', weekends: 'peak', bankHolidays: 'peak', schoolHolidays: 'peak' },
      overrides: [{ date, bandId: 'peak' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const editedAt = performance.now();
    expect(await bandOn(one, date)).toBe('peak');
    let seen = await bandOn(other, date);
    while (seen !== 'peak' && performance.now() - editedAt < 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await bandOn(other, date);
    }
    expect(seen).toBe('peak');
    expect(performance.now() - editedAt).toBeLessThan(5000);
  });
});
