import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { TestDbKind } from './test-database';

/*
 * For the upgrade tests (db/migration-transaction.test.ts, db/upgrade-from-previous-release.test.ts): a copy of
 * the migrations folder cut at an earlier release, and an empty database migrated only when the test says,
 * with whichever folder it says (openDatabase always migrates to today's).
 */

const realFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

type Journal = { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };

export type MigrationsCopy = {
  folder: string;
  /** Adds a migration after the last one (drizzle runs what is newer than the last applied `when`). */
  append: (tag: string, sqlText: string) => void;
  remove: () => void;
};

const journalPath = (folder: string) => path.join(folder, 'meta', '_journal.json');

/** Today's migrations in a temp folder; with `through`, the journal ends at that tag's prefix (e.g. '0022'). */
export function copyMigrations(opts: { through?: string } = {}): MigrationsCopy {
  const folder = mkdtempSync(path.join(tmpdir(), 'ptb-migrations-'));
  cpSync(realFolder, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(journalPath(folder), 'utf8')) as Journal;
  if (opts.through) {
    const last = journal.entries.findIndex((e) => e.tag.startsWith(`${opts.through}_`));
    if (last < 0) throw new Error(`no migration ${opts.through}`);
    journal.entries = journal.entries.slice(0, last + 1);
  }
  writeFileSync(journalPath(folder), JSON.stringify(journal, null, 2));
  return {
    folder,
    append: (tag, sqlText) => {
      const j = JSON.parse(readFileSync(journalPath(folder), 'utf8')) as Journal;
      const prev = j.entries.at(-1)!;
      j.entries.push({ ...prev, idx: prev.idx + 1, when: prev.when + 1, tag });
      writeFileSync(journalPath(folder), JSON.stringify(j, null, 2));
      writeFileSync(path.join(folder, `${tag}.sql`), sqlText);
    },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

export type ScratchDatabase = {
  db: Db;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
};

/** An empty database, not migrated: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function openScratchDatabase(kind: TestDbKind): Promise<ScratchDatabase> {
  if (kind === 'pglite') {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Db,
      migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `u_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
    close: async () => {
      await pool.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
