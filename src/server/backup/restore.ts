import { existsSync } from 'node:fs';
import { readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  BackupError,
  backupPaths,
  formatBytes,
  readManifest,
  sha256OfFile,
  totalRows,
  type BackupManifest,
} from './manifest';
import { connectPg, libpqTarget, pgRunner, runPgTool } from './pg-tools';
import { liveServerPid } from './server-pid';
import { settleRestoredRuns } from './restored-runs';
import { runSqlDump } from './run-sql-dump';
import { pgliteRunner } from './snapshot';
import { compareStats, tableStats } from './table-stats';

export type RestoreTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
export type RestoreSummary = {
  database: BackupManifest['database'];
  file: string;
  createdAt: string;
  tables: BackupManifest['tables'];
  bytes: number;
  ms: number;
  /** PGlite with --force: where the data directory that was there before now is (nothing is deleted). */
  movedAside?: string;
};

/**
 * Restores a backup made by writeBackup: checks the dump against its manifest's sha256 first, refuses a
 * target that holds data unless `force`, restores, then recounts and rehashes every table and fails unless
 * all equal the manifest.
 */
export async function restoreBackup(opts: {
  file: string;
  target: RestoreTarget;
  force?: boolean;
}): Promise<RestoreSummary> {
  const started = performance.now();
  const { dump, manifest: manifestFile } = backupPaths(opts.file);
  if (!existsSync(dump)) throw new BackupError(`No backup at ${dump}.`);
  const manifest = await readManifest(manifestFile);
  if (manifest.file !== path.basename(dump))
    throw new BackupError(`${manifestFile} describes ${manifest.file}, not ${path.basename(dump)}.`);
  const { sha256, bytes } = await sha256OfFile(dump);
  if (sha256 !== manifest.sha256 || bytes !== manifest.bytes)
    throw new BackupError(
      `${path.basename(dump)} does not match its manifest's checksum: the file is damaged or was changed. Nothing was restored.`,
    );
  if (manifest.database !== opts.target.kind) throw new BackupError(kindMismatch(manifest, opts.target));

  let movedAside: string | undefined;
  if (opts.target.kind === 'postgres') await restorePostgres(dump, manifest, opts.target.url, opts.force ?? false);
  else movedAside = await restorePglite(dump, manifest, opts.target.dataDir, opts.force ?? false);
  return {
    database: manifest.database,
    file: dump,
    createdAt: manifest.createdAt,
    tables: manifest.tables,
    bytes,
    ms: Math.round(performance.now() - started),
    movedAside,
  };
}

/** What the CLI prints after a restore. */
export function describeRestore(s: RestoreSummary, target: string): string[] {
  const names = Object.keys(s.tables);
  const filled = names.filter((n) => s.tables[n]!.rows > 0);
  const width = Math.max(0, ...filled.map((n) => n.length));
  const secs = (s.ms / 1000).toFixed(1);
  return [
    `Restored ${path.basename(s.file)} (${formatBytes(s.bytes)}, taken ${s.createdAt}) into ${target} in ${secs} s.`,
    `${names.length} tables, ${totalRows(s).toLocaleString('en-GB')} rows: every count and hash equals the backup's manifest.`,
    ...filled.map((n) => `  ${n.padEnd(width)}  ${s.tables[n]!.rows.toLocaleString('en-GB')}`),
    `  (${names.length - filled.length} empty tables)`,
    ...(s.movedAside ? [`The data directory that was there before is kept at ${s.movedAside}.`] : []),
  ];
}

function kindMismatch(m: BackupManifest, target: RestoreTarget): string {
  return target.kind === 'postgres'
    ? `${m.file} is a backup of the embedded database (PGlite); DATABASE_URL names PostgreSQL. Unset DATABASE_URL to restore it into DATA_DIR.`
    : `${m.file} is a backup of PostgreSQL; DATABASE_URL is not set, so the target would be the embedded database in DATA_DIR. Set DATABASE_URL to the (empty) PostgreSQL database to restore into.`;
}

async function restorePostgres(dump: string, manifest: BackupManifest, url: string, force: boolean): Promise<void> {
  const client = await connectPg(url);
  try {
    const [{ n }] = (
      await client.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`)
    ).rows as [{ n: number }];
    if (n > 0 && !force)
      throw new BackupError(
        `The database at DATABASE_URL is not empty (${n} tables): restore into an empty database, or add --force to replace what it holds.`,
      );
    const { dbname, env } = libpqTarget(url);
    // One transaction: a restore that fails half-way leaves the database as it was. No owners or grants:
    // the new machine's roles need not be the old one's.
    await runPgTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--no-password',
        ...(force ? ['--clean', '--if-exists'] : []),
        `--dbname=${dbname}`,
        dump,
      ],
      env,
    );
    await client.query('ANALYZE'); // pg_restore leaves the planner without statistics
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const restored = await tableStats(pgRunner(client));
    await client.query('COMMIT');
    assertSame(manifest, restored);
    await settleRestoredRuns(pgRunner(client), manifest);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * PGlite: restores into a new directory beside DATA_DIR and swaps it in only once every table checks
 * out, so a failed restore leaves DATA_DIR as it was. With --force the old directory is moved aside,
 * never deleted.
 */
async function restorePglite(dump: string, manifest: BackupManifest, dataDir: string, force: boolean) {
  const target = path.resolve(dataDir);
  const pid = liveServerPid(target);
  if (pid) throw new BackupError(`The server (pid ${pid}) is running on ${target}: stop it before restoring.`);
  const state = await dataDirState(target);
  if (state.kind === 'data' && !force)
    throw new BackupError(
      `${target} is not empty (${state.what}): restore into an empty DATA_DIR, or add --force to move it aside and restore.`,
    );

  const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  const fresh = `${target}.restoring-${stamp}`;
  await rm(fresh, { recursive: true, force: true });
  const client = new PGlite({ dataDir: fresh, extensions: { pg_trgm } });
  try {
    await runSqlDump(client, dump);
    const restored = await client.transaction((tx) => tableStats(pgliteRunner(tx)));
    assertSame(manifest, restored);
    await client.transaction((tx) => settleRestoredRuns(pgliteRunner(tx), manifest));
    await client.close();
  } catch (err) {
    await client.close().catch(() => {});
    await rm(fresh, { recursive: true, force: true });
    throw err;
  }

  let movedAside: string | undefined;
  if (state.kind === 'data' || state.kind === 'empty-db') {
    movedAside = `${target}.before-restore-${stamp}`;
    await rename(target, movedAside);
  } else if (state.kind === 'empty-dir') await rmdir(target);
  await rename(fresh, target);
  return movedAside;
}

/** 'empty-db': a database with no tables in public (one only ever opened): not refused, still kept aside. */
async function dataDirState(
  dir: string,
): Promise<{ kind: 'none' | 'empty-dir' | 'empty-db' } | { kind: 'data'; what: string }> {
  const entries = await readdir(dir).catch(() => null);
  if (!entries) return { kind: 'none' };
  if (entries.length === 0) return { kind: 'empty-dir' };
  if (!entries.includes('PG_VERSION')) return { kind: 'data', what: 'it holds files that are not a database' };
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    const n = rows[0]!.n;
    return n === 0 ? { kind: 'empty-db' } : { kind: 'data', what: `a database with ${n} tables` };
  } finally {
    await client.close();
  }
}

function assertSame(manifest: BackupManifest, restored: BackupManifest['tables']): void {
  const problems = compareStats(manifest.tables, restored);
  if (problems.length > 0)
    throw new BackupError(
      `The restored database differs from the backup's manifest: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}.`,
    );
}
