import type { RunSql } from './table-stats';

/**
 * Records an `npm run backup` in backup_runs, so staff see it on the Overview like a nightly one. Skipped
 * (answers false) on a database from before backup_runs existed: the backup is taken without migrating,
 * so a backup before an upgrade holds the database exactly as the old release left it.
 */
export async function recordManualRun(
  run: RunSql,
  r: { startedAt: Date; finishedAt: Date; file: string; bytes: number },
): Promise<boolean> {
  const [{ present }] = (await run(`select to_regclass('public.backup_runs') is not null as present`)) as [
    { present: boolean },
  ];
  if (!present) return false;
  await run(
    `insert into backup_runs (slot, kind, status, attempts, started_at, finished_at, file, bytes)
     values ($1, 'manual', 'ok', 1, $2, $3, $4, $5)`,
    [`manual:${r.startedAt.toISOString()}`, r.startedAt.toISOString(), r.finishedAt.toISOString(), r.file, r.bytes],
  );
  return true;
}
