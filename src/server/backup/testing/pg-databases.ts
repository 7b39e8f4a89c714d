import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * An empty database (not migrated, not seeded) on the TEST_DATABASE_URL server, for a restore to go into;
 * `dropPgDatabase` removes it again.
 */
export async function createPgDatabase(): Promise<{ name: string; url: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `r_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await asAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropPgDatabase(name: string): Promise<void> {
  await asAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

async function asAdmin(fn: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await admin.connect();
  try {
    await fn(admin);
  } finally {
    await admin.end();
  }
}
