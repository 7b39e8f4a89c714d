import { describe, expect, it } from 'vitest';
import { startServer } from '../../../tests/e2e/support/server';
import { openDatabase } from './client';
import { openTestDatabase } from '../testing/test-database';
import { appSettings, sessionRestrictions } from './schema';
import { seedDemoData } from './seed-demo';

describe('demo seed', () => {
  it('creates a few restrictions relative to today, once per database', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const now = new Date('2025-10-20T10:00:00Z');
      await seedDemoData(database.db, now);
      await seedDemoData(database.db, now);
      const rows = await database.db.select().from(sessionRestrictions);
      expect(rows.map((r) => [r.date, r.sessionId]).sort()).toEqual([
        ['2025-11-04', 'morning'],
        ['2025-11-09', null],
        ['2025-11-14', 'afternoon'],
      ]);
    } finally {
      await database.close();
    }
  });

  it('seeds nothing when NODE_ENV is production', async () => {
    const database = await openTestDatabase('pglite');
    try {
      await seedDemoData(database.db, new Date('2025-10-20T10:00:00Z'), 'production');
      expect(await database.db.select().from(sessionRestrictions)).toEqual([]);
      expect(await database.db.select().from(appSettings)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('a production server process starts with an empty calendar', async () => {
    // Production refuses TEST MODE payments: Stripe keys that are never called (nothing is booked here).
    const server = await startServer({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      ADMIN_PASSWORD: 'a-long-enough-admin-password',
    });
    try {
      await server.halt();
      const database = await openDatabase({ dataDir: server.dataDir });
      try {
        expect(await database.db.select().from(sessionRestrictions)).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await server.stop();
    }
  }, 120_000);
});
