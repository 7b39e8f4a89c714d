import { and, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { backupRuns } from '../db/schema';

/**
 * The backup_runs rows the job keeps (migration 0024). The row is the claim: a nightly slot
 * ('nightly:2026-03-14') is inserted once, `on conflict do nothing`, so of several processes on one
 * PostgreSQL only the one whose insert went in runs it. Retries are claimed the same way, by a conditional
 * update that only one process's statement can match (the others re-check the row once it commits and
 * find it running).
 */

/** A failed attempt is tried again after this long, up to MAX_ATTEMPTS in all. */
export const RETRY_AFTER_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 3;
/**
 * A row still 'running' after this long lost its process (killed, machine off) without a word: the
 * attempt counts as failed. Far above any real backup's time, so a slow one is never taken twice.
 */
export const STALE_AFTER_MS = 2 * 3_600_000;

export type ClaimedRun = { id: number; slot: string; attempts: number; file: string | null };

const claimed = { id: backupRuns.id, slot: backupRuns.slot, attempts: backupRuns.attempts, file: backupRuns.file };

/**
 * Takes the slot for this process when it is free: a new slot, a failed attempt due its retry, or an attempt
 * whose process vanished. Null when another process has it, it is done, or it has used its attempts.
 */
export async function claimSlot(
  db: Db,
  slot: string,
  kind: 'nightly' | 'manual',
  now: Date,
): Promise<ClaimedRun | null> {
  const [inserted] = await db
    .insert(backupRuns)
    .values({ slot, kind, status: 'running', attempts: 1, startedAt: now })
    .onConflictDoNothing({ target: backupRuns.slot })
    .returning(claimed);
  if (inserted) return inserted;
  if (kind === 'manual') return null;
  const [retry] = await db
    .update(backupRuns)
    .set({ status: 'running', attempts: sql`${backupRuns.attempts} + 1`, startedAt: now, finishedAt: null })
    .where(
      and(
        eq(backupRuns.slot, slot),
        lt(backupRuns.attempts, MAX_ATTEMPTS),
        or(
          and(eq(backupRuns.status, 'failed'), lte(backupRuns.finishedAt, new Date(now.getTime() - RETRY_AFTER_MS))),
          and(eq(backupRuns.status, 'running'), lte(backupRuns.startedAt, new Date(now.getTime() - STALE_AFTER_MS))),
        ),
      ),
    )
    .returning(claimed);
  return retry ?? null;
}

/**
 * A last attempt whose process vanished is failed here, once (the update matches for one process), so that
 * it is reported like any other. Returns the row when this process closed it.
 */
export async function failAbandonedLastAttempt(db: Db, slot: string, now: Date): Promise<ClaimedRun | null> {
  const [row] = await db
    .update(backupRuns)
    .set({ status: 'failed', finishedAt: now, error: 'The backup did not finish: its server process stopped.' })
    .where(
      and(
        eq(backupRuns.slot, slot),
        eq(backupRuns.status, 'running'),
        gte(backupRuns.attempts, MAX_ATTEMPTS),
        lte(backupRuns.startedAt, new Date(now.getTime() - STALE_AFTER_MS)),
      ),
    )
    .returning(claimed);
  return row ?? null;
}

/** The dump is written (its manifest too): the row says where, and how big. Copy not done yet. */
export async function recordWritten(db: Db, id: number, file: string, bytes: number): Promise<void> {
  await db.update(backupRuns).set({ file, bytes }).where(eq(backupRuns.id, id));
}

export async function recordOk(db: Db, id: number, now: Date, copiedTo: string | null): Promise<void> {
  await db
    .update(backupRuns)
    .set({ status: 'ok', finishedAt: now, error: null, ...(copiedTo ? { copiedTo } : {}) })
    .where(eq(backupRuns.id, id));
}

/** Only while the row is still this attempt's: a row another process has taken over is not rewritten. */
export async function recordFailed(db: Db, run: ClaimedRun, now: Date, error: string): Promise<void> {
  await db
    .update(backupRuns)
    .set({ status: 'failed', finishedAt: now, error: error.slice(0, 2000) })
    .where(and(eq(backupRuns.id, run.id), eq(backupRuns.attempts, run.attempts), eq(backupRuns.status, 'running')));
}

/**
 * PGlite only (one process per database): rows left 'running' by this server's previous run, failed now.
 * Returned so that a last attempt among them is reported.
 */
export async function failInterruptedRuns(db: Db, now: Date): Promise<ClaimedRun[]> {
  return db
    .update(backupRuns)
    .set({ status: 'failed', finishedAt: now, error: 'The server stopped during the backup.' })
    .where(eq(backupRuns.status, 'running'))
    .returning(claimed);
}
