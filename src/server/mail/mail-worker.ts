import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db } from '../db/client';
import { createTransport, deliverDueMail, type MailTransport } from './deliver-mail';
import { loggableError } from '../http/loggable-error';
import { waitForRun } from '../jobs/wait-for-run';

/** Runs the outbox on an interval, and soon after `wake()`; never two runs at once in one process. */
export function createMailWorker(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: Logger;
  intervalMs?: number;
  retryBaseSeconds?: number;
  transport?: MailTransport;
  /** Told when each run ends, failed or not (the job monitor: readiness and /metrics). */
  onRun?: () => void;
}) {
  const transport = opts.transport ?? (opts.smtpUrl ? createTransport(opts.smtpUrl) : null);
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  // Once stopped, nothing starts a run: a wake() timer still pending would otherwise start one as the
  // database closes.
  let stopped = false;

  const runOnce = async () => {
    if (running || stopped) return running;
    running = deliverDueMail({
      db: opts.db,
      transport,
      from: opts.from,
      log: opts.log,
      retryBaseSeconds: opts.retryBaseSeconds,
    })
      .catch((err) => opts.log.warn({ err: loggableError(err) }, 'mail worker run failed'))
      .finally(() => {
        running = null;
        opts.onRun?.();
      });
    return running;
  };

  return {
    runOnce,
    // Only a started worker wakes: in tests without jobs, a stray run would race the test's own delivery.
    wake: () => {
      if (timer) setTimeout(runOnce, 50).unref();
    },
    start: () => {
      timer = setInterval(runOnce, opts.intervalMs ?? 15_000);
      timer.unref();
    },
    /** No new runs; the one in progress (a mail being sent) finishes, within JOB_STOP_WAIT_MS. */
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await waitForRun(running, 'mail', opts.log);
    },
  };
}
