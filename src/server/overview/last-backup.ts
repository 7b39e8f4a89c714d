import { desc, eq } from 'drizzle-orm';
import { backupOverdueHours, type LastBackup } from '../../shared/contracts/admin';
import type { Db } from '../db/client';
import { backupRuns } from '../db/schema';

/**
 * The Overview's backup card: the newest good backup and whether the newest attempt failed. backup_runs
 * has a row a night and one per `npm run backup`: two indexed reads of one row each. The error text may name
 * paths, hosts and buckets, so only admins get it; every member of staff sees that a backup failed.
 */
export async function getLastBackup(opts: { db: Db; now: Date; isAdmin: boolean }): Promise<LastBackup> {
  const [good] = await opts.db
    .select({ at: backupRuns.finishedAt, bytes: backupRuns.bytes, kind: backupRuns.kind })
    .from(backupRuns)
    .where(eq(backupRuns.status, 'ok'))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  const [newest] = await opts.db
    .select({
      status: backupRuns.status,
      at: backupRuns.finishedAt,
      attempts: backupRuns.attempts,
      error: backupRuns.error,
    })
    .from(backupRuns)
    .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
    .limit(1);
  const lastAt = good?.at ?? null;
  return {
    last: lastAt ? { at: lastAt.toISOString(), bytes: good!.bytes ?? 0, kind: good!.kind } : null,
    overdue: !lastAt || opts.now.getTime() - lastAt.getTime() > backupOverdueHours * 3_600_000,
    failed:
      newest?.status === 'failed' && newest.at
        ? {
            at: newest.at.toISOString(),
            attempts: newest.attempts,
            ...(opts.isAdmin ? { error: newest.error ?? 'Unknown error' } : {}),
          }
        : null,
  };
}
