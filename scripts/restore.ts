/**
 * npm run restore -- FILE [--force] (DECISIONS.md "Nothing is lost"): restores a backup made by
 * `npm run backup` (or the nightly one) into DATABASE_URL when set, else into DATA_DIR. FILE is the dump
 * or its .manifest.json; both must be there. Refuses a database that holds tables unless --force
 * (PostgreSQL: its objects are dropped and replaced; PGlite: the old DATA_DIR is moved aside, not deleted).
 */
import path from 'node:path';
import { BackupError } from '../src/server/backup/manifest';
import { describeRestore, restoreBackup, type RestoreTarget } from '../src/server/backup/restore';
import { loadConfig } from '../src/server/config';
import { runCli } from './lib/run-cli';

const USAGE = 'usage: npm run restore -- FILE [--force]';

runCli('restore', async () => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--force');
  const files = args.filter((a) => !a.startsWith('-'));
  if (unknown.length > 0) throw new BackupError(`unknown option ${unknown[0]} (${USAGE})`);
  if (files.length !== 1) throw new BackupError(files.length === 0 ? USAGE : `one file at a time (${USAGE})`);
  const config = loadConfig();
  const target: RestoreTarget = config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: config.DATA_DIR };
  const summary = await restoreBackup({ file: files[0]!, target, force });
  const where =
    target.kind === 'postgres'
      ? 'the PostgreSQL database at DATABASE_URL'
      : `DATA_DIR (${path.resolve(target.dataDir)})`;
  return describeRestore(summary, where);
});
