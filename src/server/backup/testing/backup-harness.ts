import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { openDatabase, type Database, type Db } from '../../db/client';
import { backupRuns } from '../../db/schema';
import { testConfig } from '../../testing/test-config';
import type { TestDbKind } from '../../testing/test-database';
import { createBackupJob, type BackupJobOptions } from '../nightly';
import type { BackupSource } from '../snapshot';

/** What a test database backs up: its PostgreSQL database by URL, or its PGlite client. */
export function sourceOf(database: Database & { url?: string }): BackupSource {
  if (database.url) return { kind: 'postgres', url: database.url };
  return { kind: 'pglite', client: database.pglite! };
}

/**
 * A "server process" for the backup job: the real app (its ctx, config and log) on `database`, with a clock
 * the test moves, a fresh BACKUP_DIR, and the job built as app.ts builds it but not started (the test runs
 * it). For two processes on one PostgreSQL, pass the second its own connection pool (`ownPool`).
 */
export async function openBackupProcess(
  kind: TestDbKind,
  database: Database & { url?: string },
  opts: {
    clock: () => Date;
    config?: Partial<Record<keyof Config, string>>;
    backupDir?: string;
    ownPool?: boolean;
    job?: Partial<BackupJobOptions>;
  },
) {
  const pool = opts.ownPool && kind === 'postgres' ? await openDatabase({ databaseUrl: database.url }) : null;
  const db = pool?.db ?? database.db;
  const backupDir = opts.backupDir ?? (await mkdtemp(path.join(tmpdir(), 'backups-')));
  const { app, ctx } = await buildApp({
    db,
    config: testConfig({ BACKUP_DIR: backupDir, ...opts.config }),
    now: opts.clock,
    webRoot: '/none',
  });
  const job = createBackupJob({
    ctx,
    log: app.log,
    source: sourceOf(database),
    nightly: true,
    pidFile: null,
    ...opts.job,
  });
  return {
    app,
    ctx,
    db,
    job,
    backupDir,
    /** The dumps (not manifests) in BACKUP_DIR. */
    dumps: async () => (await readdir(backupDir)).filter((n) => /^playtime-barn-.*(\.pgdump|\.sql\.gz)$/.test(n)),
    close: async () => {
      await job.stop();
      await app.close();
      await pool?.close();
      if (!opts.backupDir) await rm(backupDir, { recursive: true, force: true });
    },
  };
}

export const runRows = (db: Db) => db.select().from(backupRuns).orderBy(asc(backupRuns.id));
