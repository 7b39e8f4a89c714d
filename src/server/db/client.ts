import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { initDataDirApart, pgliteStartParams } from './pglite-memory';

/** The one database type every domain function takes: PGlite and node-postgres look alike here. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself, so the server can back itself up (src/server/backup/snapshot.ts). */
  pglite?: PGlite;
  /** PostgreSQL's pool use (clients open, idle, and requests waiting for one), for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
};

/** Rows of a raw `db.execute(sql...)` result: both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// Beside this file in the source; in the bundle (dist/server/main.js) the build copies them beside main.js.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number: every process that migrates takes this lock first, so two starting together
// on one PostgreSQL do not apply the same migration twice.
const MIGRATION_LOCK = 727_001;

/**
 * Opens PostgreSQL at `databaseUrl`, else PGlite in `dataDir` (or in memory), and migrates it. `loadDataDir`
 * (PGlite only) starts from a `dumpDataDir()` tarball instead of an empty initdb'd database: the tests' one
 * migrated and seeded template (testing/test-database.ts), which spares each test database initdb and migrations.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT compilation and parallel workers are for long analytic queries. On our short queries, whose row
    // estimates are rough (a generated calendar month, a substring), JIT cost 300-1500 ms of compiling for
    // a 1 ms query, and starting workers about 4 ms for a search that then had nothing to do.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: '-c jit=off -c max_parallel_workers_per_gather=0',
    });
    // A client losing its connection (PostgreSQL restarted) must not crash the process. The pool
    // handles this for idle clients; a client checked out inside a transaction, between two queries,
    // emits the error on itself, so each client gets a listener too. The query in flight still fails
    // (503 to its request) and the pool discards the broken client on release.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const lockClient = await pool.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder });
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lockClient.release();
    }
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, kind: 'postgres', poolStats, close: () => pool.end() };
  }
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    await initDataDirApart(opts.dataDir);
  }
  // pg_trgm: the staff booking search's substring indexes (migration 0009 creates the extension).
  // pgliteStartParams: PostgreSQL's memory sized for one venue (pglite-memory.ts says why and what it saves).
  const client = new PGlite({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
    startParams: pgliteStartParams,
  });
  const pgliteDb = drizzlePglite({ client, schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return { db: pgliteDb as unknown as Db, kind: 'pglite', pglite: client, close: () => client.close() };
}
