import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { todayInLondon } from '../../shared/dates';
import { venueInstant } from '../bookings/visit-time';
import type { AppContext } from '../context';
import { loggableError } from '../http/loggable-error';
import { JOB_STOP_WAIT_MS } from '../jobs/wait-for-run';
import {
  claimSlot,
  failInterruptedRuns,
  failAbandonedLastAttempt,
  MAX_ATTEMPTS,
  recordFailed,
  recordOk,
  recordWritten,
  type ClaimedRun,
} from './nightly-runs';
import { reportBackupFailure } from './nightly-report';
import { applyRetention } from './retention';
import { copyBackupToS3, s3CopyEnabled } from './s3-copy';
import { writeBackup, type BackupSource } from './snapshot';

/** The nightly backup is due from this time of day at the venue (Europe/London). */
export const NIGHTLY_TIME = '02:00';

export type BackupJobOptions = {
  ctx: AppContext;
  log: FastifyBaseLogger;
  source: BackupSource;
  /** Run the nightly schedule (BACKUP_NIGHTLY=on); on-demand backups (SIGUSR2) work either way. */
  nightly: boolean;
  /** PGlite only: where `npm run backup` finds this process to signal (DATA_DIR/server.pid); null for none. */
  pidFile: string | null;
  /** How often the schedule is looked at. A minute: the backup starts within a minute of 02:00. */
  intervalMs?: number;
  /** How long close() waits for a backup in progress before abandoning it (SIGTERM must end within 10 s). */
  stopWaitMs?: number;
  /** The backup writer; tests pass one that fails or hangs. */
  write?: typeof writeBackup;
};

class CopyFailed extends Error {}

/**
 * The server's backups (DECISIONS.md "Nothing is lost"):
 * - nightly: from 02:00 London (DST-correct: venueInstant), each process looks every minute for today's
 *   slot. The backup_runs row is the claim (nightly-runs.ts), so of several processes on one PostgreSQL
 *   one takes it, and a process started later in the day takes a slot nobody took (a missed night is
 *   caught up). A failed attempt is tried again 5 minutes later, 3 attempts in all, then reported to staff.
 * - on demand, for the embedded database only: PGlite is one process's, so `npm run backup` cannot open it
 *   beside a running server; it signals the server (SIGUSR2, found through DATA_DIR/server.pid) instead.
 * After each backup: the copy to the S3-compatible bucket (when configured), then retention in BACKUP_DIR.
 * One backup at a time in a process; the clock is ctx.now, so tests drive it.
 */
export function createBackupJob(opts: BackupJobOptions) {
  const { ctx, log, source } = opts;
  const dir = path.resolve(ctx.config.BACKUP_DIR);
  const stopWaitMs = opts.stopWaitMs ?? JOB_STOP_WAIT_MS;
  const write = opts.write ?? writeBackup;
  let timer: NodeJS.Timeout | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let current: { run: ClaimedRun; kind: 'nightly' | 'manual' } | null = null;
  let stopped = false;

  /** Backups run one after another: the nightly one and a signalled one never dump at once. */
  function enqueue<T>(task: () => Promise<T>): Promise<T | null> {
    pending++;
    const done = queue.then(() => (stopped ? null : task())).finally(() => pending--);
    queue = done.catch(() => {});
    return done;
  }

  async function attempt(run: ClaimedRun, kind: 'nightly' | 'manual'): Promise<ClaimedRun & { ok: boolean }> {
    current = { run, kind };
    let file = run.file;
    try {
      const reusable =
        file && (await present(path.join(dir, file))) && (await present(manifestOf(path.join(dir, file))));
      if (!reusable) {
        // A retry after a failed copy reuses its dump; otherwise (first attempt, or the dump is gone) a new one.
        await mkdir(dir, { recursive: true });
        const written = await write({ source, dir, now: ctx.now() });
        file = path.basename(written.file);
        if (stopped) return { ...run, ok: false };
        await recordWritten(ctx.db, run.id, file, written.manifest.bytes);
        log.info({ slot: run.slot, file, bytes: written.manifest.bytes, ms: written.ms }, 'backup written');
      }
      let copiedTo: string | null = null;
      if (s3CopyEnabled(ctx.config)) {
        const dump = path.join(dir, file!);
        copiedTo = await copyBackupToS3(ctx.config, dump, manifestOf(dump)).catch((err: unknown) => {
          throw new CopyFailed(`Copy to S3 failed: ${messageOf(err)}`, { cause: err });
        });
        log.info({ slot: run.slot, copiedTo }, 'backup copied');
      }
      if (stopped) return { ...run, ok: false };
      await recordOk(ctx.db, run.id, ctx.now(), copiedTo);
      await applyRetention(dir, ctx.now())
        .then((removed) => removed.length && log.info({ removed }, 'old backups removed'))
        .catch((err) =>
          log.warn({ err: loggableError(err) }, 'backup retention failed; will retry after the next backup'),
        );
      return { ...run, file, ok: true };
    } catch (err) {
      // After an abandoned stop the database may be closed: the row was already marked by stop().
      if (!stopped) await fail(run, kind, messageOf(err), file, err);
      return { ...run, file, ok: false };
    } finally {
      current = null;
    }
  }

  async function fail(
    run: ClaimedRun,
    kind: 'nightly' | 'manual',
    error: string,
    file: string | null,
    err?: unknown,
    record = true,
  ) {
    if (record) await recordFailed(ctx.db, run, ctx.now(), error);
    const last = kind === 'manual' || run.attempts >= MAX_ATTEMPTS;
    if (!last) {
      log.warn(
        { slot: run.slot, attempt: run.attempts, err: loggableError(err ?? error) },
        'backup failed; will retry in 5 minutes',
      );
      return;
    }
    log.error({ slot: run.slot, attempts: run.attempts, err: loggableError(err ?? error) }, 'backup failed');
    // A manual backup's failure is seen by whoever asked for it; the nightly one's by nobody but staff.
    if (kind === 'nightly')
      await reportBackupFailure(ctx, {
        slot: run.slot,
        attempts: run.attempts,
        error,
        backupDir: dir,
        localFile: file,
      });
  }

  /** Today's nightly backup, when it is due and this process gets the slot. Null when there was nothing to do. */
  async function runDue() {
    const now = ctx.now();
    const today = todayInLondon(now);
    if (now.getTime() < venueInstant(today, NIGHTLY_TIME).getTime()) return null;
    const slot = `nightly:${today}`;
    const vanished = await failAbandonedLastAttempt(ctx.db, slot, now);
    if (vanished) {
      log.error({ slot }, 'backup failed: its process stopped during the last attempt');
      await reportBackupFailure(ctx, {
        slot,
        attempts: vanished.attempts,
        error: 'The server process stopped during the backup.',
        backupDir: dir,
        localFile: vanished.file,
      });
    }
    const run = await claimSlot(ctx.db, slot, 'nightly', now);
    return run ? attempt(run, 'nightly') : null;
  }

  /** A backup now (SIGUSR2, or a test): its own row, slot 'manual:<ISO instant>'. */
  async function runManual() {
    const run = await claimSlot(ctx.db, `manual:${ctx.now().toISOString()}`, 'manual', ctx.now());
    return run ? attempt(run, 'manual') : null;
  }

  let ticking = false;
  const tick = () => {
    // A backup still running at the next minute is not queued behind itself.
    if (ticking) return;
    ticking = true;
    void enqueue(runDue)
      .catch((err) => log.warn({ err: loggableError(err) }, 'nightly backup check failed; will look again in a minute'))
      .finally(() => {
        ticking = false;
        ctx.jobs.ran('nightly backup', ctx.now());
      });
  };
  const onSignal = () => {
    log.info('SIGUSR2: taking a backup');
    void enqueue(runManual).catch((err) => log.error({ err: loggableError(err) }, 'backup failed'));
  };

  return {
    runDue: () => enqueue(runDue),
    runManual: () => enqueue(runManual),
    start() {
      // PGlite is one process's database: a row still 'running' is this server's previous life, stopped
      // mid-backup. Failed now, it is retried in 5 minutes rather than after the stale bound.
      if (source.kind === 'pglite')
        void enqueue(async () => {
          const rows = await failInterruptedRuns(ctx.db, ctx.now());
          for (const run of rows)
            await fail(
              run,
              run.slot.startsWith('nightly:') ? 'nightly' : 'manual',
              INTERRUPTED,
              run.file,
              undefined,
              false,
            );
        }).catch((err) => log.warn({ err: loggableError(err) }, 'could not check for interrupted backups'));
      if (opts.nightly) {
        ctx.jobs.expect('nightly backup', opts.intervalMs ?? 60_000, ctx.now());
        timer = setInterval(tick, opts.intervalMs ?? 60_000);
        timer.unref();
      }
      if (opts.pidFile && source.kind === 'pglite') {
        mkdirSync(path.dirname(opts.pidFile), { recursive: true });
        // Its BACKUP_DIR too: the CLI waits where the server writes, whatever the CLI's own setting says.
        writeFileSync(opts.pidFile, `${process.pid}\n${dir}\n`);
        process.on('SIGUSR2', onSignal);
      }
    },
    /**
     * Waits up to stopWaitMs for a backup in progress. One that takes longer is abandoned: its row is
     * marked failed now (another process, or this one after a restart, tries again in 5 minutes) and its
     * result, should it still arrive, is ignored. Its half-written file is a temporary name, never a backup.
     */
    async stop() {
      if (timer) clearInterval(timer);
      if (opts.pidFile && source.kind === 'pglite') {
        process.off('SIGUSR2', onSignal);
        removeOwnPidFile(opts.pidFile);
      }
      if (pending === 0) {
        stopped = true;
        return;
      }
      let waited: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        queue.then(() => true),
        new Promise<false>((resolve) => (waited = setTimeout(() => resolve(false), stopWaitMs))),
      ]);
      clearTimeout(waited);
      stopped = true;
      if (finished || !current) return;
      const { run, kind } = current;
      log.warn({ slot: run.slot }, 'server stopping: backup in progress abandoned');
      // Bounded too: on PGlite the dump holds the one connection, so this write may wait behind it. If it
      // cannot be made, the next start (PGlite) or the stale bound (PostgreSQL) fails the row instead.
      let gaveUp: NodeJS.Timeout | undefined;
      await Promise.race([
        fail(run, kind, INTERRUPTED, null),
        new Promise((resolve) => (gaveUp = setTimeout(resolve, 1_000))),
      ]).catch((err) => log.warn({ err: loggableError(err) }, 'could not mark the abandoned backup'));
      clearTimeout(gaveUp);
    },
  };
}

const INTERRUPTED = 'The server stopped during the backup.';
const manifestOf = (dump: string) => `${dump}.manifest.json`;
const present = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Only our own: a second server wrongly started on the same DATA_DIR must not delete the first's. */
function removeOwnPidFile(file: string) {
  try {
    if (existsSync(file) && readFileSync(file, 'utf8').split('\n')[0] === String(process.pid)) rmSync(file);
  } catch {
    /* already gone */
  }
}
