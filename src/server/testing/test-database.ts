import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { seedVenue } from '../catalogue/seed-venue';

export type TestDbKind = 'pglite' | 'postgres';

/** PGlite always; real PostgreSQL too when TEST_DATABASE_URL is set (ARCHITECTURE.md). */
export const testDbKinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

// The run's migrated and seeded templates (test-database-templates.ts, vitest's globalSetup). Without them
// (a config that has no such globalSetup) each test database is migrated and seeded itself, as before.
const pgliteTemplateFile = inject('pgliteTemplateFile');
const postgresTemplate = inject('postgresTemplate');
let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated and seeded database: in-memory PGlite, or a new database created on the
 * TEST_DATABASE_URL server (dropped again by `close`), so test files never see each other's rows.
 * Both start as a copy of the run's template when there is one; openDatabase's migrate then finds
 * nothing to do and seedVenue finds the catalogue there, as on any restart.
 */
export async function openTestDatabase(kind: TestDbKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    if (pgliteTemplateFile) pgliteTemplate ??= new Blob([readFileSync(pgliteTemplateFile)]);
    const database = await openDatabase({ loadDataDir: pgliteTemplate });
    await seedVenue(database.db);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${postgresTemplate ? ` TEMPLATE ${postgresTemplate}` : ''}`);
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
