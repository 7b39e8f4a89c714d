import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { loggableError } from '../http/loggable-error';
import { runRetention } from './retention';
import { waitForRun } from '../jobs/wait-for-run';

/**
 * Runs the retention policy a minute after start (so a deploy does not wait for it) and then every
 * RETENTION_INTERVAL_MS, never twice at once in one process; other processes may run it at the same
 * time (runRetention claims rows with SKIP LOCKED). The clock is ctx.now, so tests can move it.
 */
export function createRetentionJob(ctx: AppContext, log: FastifyBaseLogger, firstRunMs = 60_000) {
  let running: Promise<unknown> | null = null;
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  const runOnce = () => {
    if (stopped) return running;
    running ??= runRetention({ db: ctx.db, now: ctx.now(), periods: ctx.config })
      .then((result) => log.info({ retention: result }, 'retention applied'))
      .catch((err) => log.warn({ err: loggableError(err) }, 'retention failed; will retry at the next run'))
      .finally(() => {
        running = null;
        ctx.jobs.ran('retention', ctx.now());
      });
    return running;
  };
  return {
    runOnce,
    start: () => {
      ctx.jobs.expect('retention', firstRunMs + ctx.config.RETENTION_INTERVAL_MS, ctx.now());
      timers.push(setTimeout(runOnce, firstRunMs), setInterval(runOnce, ctx.config.RETENTION_INTERVAL_MS));
      for (const t of timers) t.unref();
    },
    /** No new runs; the one in progress finishes its batch, within JOB_STOP_WAIT_MS. */
    stop: async () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await waitForRun(running, 'retention', log);
    },
  };
}
