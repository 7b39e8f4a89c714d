import type { BackupManifest } from './manifest';
import type { RunSql } from './table-stats';

/**
 * A backup taken by the server holds its own backup_runs row, still 'running' (the row is finished after
 * the dump). In the restored database that row is the backup just restored: it is marked 'ok' with its
 * file and size. Any other row still 'running' there was cut off by the snapshot and is marked 'failed'.
 * Without this, the restored server's start would report the restored backup itself as a failed one.
 * Names are schema-qualified: after a PGlite restore the session's search_path is the dump's empty one.
 */
export async function settleRestoredRuns(run: RunSql, manifest: BackupManifest): Promise<void> {
  const [exists] = await run(`select to_regclass('public.backup_runs') is not null as present`);
  if (!exists?.present) return; // a backup from before backup_runs existed
  // The server claims the row, then starts the dump (manifest.createdAt) moments later.
  await run(
    `update public.backup_runs set status = 'ok', file = $1, bytes = $2, finished_at = $3, error = null
      where id = (select id from public.backup_runs where status = 'running' and file is null
                    and started_at between $3::timestamptz - interval '1 minute' and $3::timestamptz
                  order by started_at desc limit 1)`,
    [manifest.file, manifest.bytes, manifest.createdAt],
  );
  await run(
    `update public.backup_runs set status = 'failed', finished_at = $1,
            error = 'Still running when the restored backup was taken.'
      where status = 'running'`,
    [manifest.createdAt],
  );
}
