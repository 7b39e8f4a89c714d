import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client';
import { seedVenue } from '../catalogue/seed-venue';

export type TestDbKind = 'pglite' | 'postgres';

/** PGlite always; real PostgreSQL too when TEST_DATABASE_URL is set (ARCHITECTURE.md). */
export const testDbKinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, migrated and seeded database: in-memory PGlite, or a new database created on the
 * TEST_DATABASE_URL server (dropped again by `close`), so test files never see each other's rows.
 */
export async function openTestDatabase(kind: TestDbKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await seedVenue(database.db);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await seedVenue(database.db);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
