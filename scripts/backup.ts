/**
 * npm run backup (DECISIONS.md "Nothing is lost"): one consistent, compressed backup of the whole database
 * into BACKUP_DIR, with its manifest. PostgreSQL (DATABASE_URL): pg_dump, whatever servers are running.
 * PGlite (DATA_DIR): when the server is running on it, the server is asked (SIGUSR2) to back itself up,
 * as two processes must never open one PGlite directory; otherwise the directory is opened here.
 * The database is not migrated first: a backup before an upgrade holds exactly what the old release left.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { BackupError, formatBytes, totalRows, type BackupManifest } from '../src/server/backup/manifest';
import { connectPg, pgRunner } from '../src/server/backup/pg-tools';
import { recordManualRun } from '../src/server/backup/record-manual-run';
import { liveServerPid, requestServerBackup, serverBackupDir } from '../src/server/backup/server-pid';
import { pgliteRunner, writeBackup } from '../src/server/backup/snapshot';
import type { RunSql } from '../src/server/backup/table-stats';
import { loadConfig } from '../src/server/config';
import { runCli } from './lib/run-cli';

runCli('backup', async () => {
  const config = loadConfig();
  const backupDir = path.resolve(config.BACKUP_DIR);
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    return backupHere({ kind: 'postgres', url }, backupDir, async (record) => {
      const client = await connectPg(url);
      try {
        return await record(pgRunner(client));
      } finally {
        await client.end();
      }
    });
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const pid = liveServerPid(dataDir);
  if (pid) {
    console.log(`The server (pid ${pid}) is running on ${dataDir}: asking it to take the backup...`);
    // The server writes into its own BACKUP_DIR, which this command's environment may name otherwise.
    const { manifestFile, manifest } = await requestServerBackup({
      pid,
      backupDir: serverBackupDir(dataDir) ?? backupDir,
    });
    return [
      ...describeBackup(path.join(path.dirname(manifestFile), manifest.file), manifest),
      'Recorded by the server.',
    ];
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`No database in DATA_DIR (${dataDir}) and DATABASE_URL is not set: nothing to back up.`);
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  try {
    return await backupHere({ kind: 'pglite', client }, backupDir, (record) => record(pgliteRunner(client)));
  } finally {
    await client.close();
  }
});

/** Takes the backup in this process, then records it in backup_runs through `withDb`. */
async function backupHere(
  source: Parameters<typeof writeBackup>[0]['source'],
  dir: string,
  withDb: (record: (run: RunSql) => Promise<boolean>) => Promise<boolean>,
): Promise<string[]> {
  const startedAt = new Date();
  const { file, manifest, ms } = await writeBackup({ source, dir, now: startedAt });
  const recorded = await withDb((run) =>
    recordManualRun(run, { startedAt, finishedAt: new Date(), file: manifest.file, bytes: manifest.bytes }),
  );
  return [
    ...describeBackup(file, manifest, ms),
    recorded ? 'Recorded in backup_runs.' : 'Not recorded: this database has no backup_runs table yet.',
  ];
}

function describeBackup(file: string, m: BackupManifest, ms?: number): string[] {
  const what = m.database === 'postgres' ? 'PostgreSQL' : 'the embedded database (PGlite)';
  const took = ms === undefined ? '' : ` in ${(ms / 1000).toFixed(1)} s`;
  return [
    `Backed up ${what}: ${Object.keys(m.tables).length} tables, ${totalRows(m).toLocaleString('en-GB')} rows${took}.`,
    `  ${file} (${formatBytes(m.bytes)})`,
    `  ${file}.manifest.json (sha256 ${m.sha256.slice(0, 16)}...)`,
    'Keep both files together: the restore checks one against the other.',
  ];
}
