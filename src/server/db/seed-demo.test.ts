import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database';
import { sessionRestrictions } from './schema';
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
});
