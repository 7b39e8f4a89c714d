import { loggableError } from '../http/loggable-error';
import { waitForRun } from './wait-for-run';

type JobLog = { warn: (obj: object, msg: string) => void };

/**
 * A job that runs `run` every `intervalMs`, never twice at once in one process, and whose stop() lets the
 * run in progress finish (within JOB_STOP_WAIT_MS) rather than closing the database under it. The pattern
 * of the mail worker and the sweeper, for jobs that need nothing more.
 */
export function createIntervalJob(opts: {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  log: JobLog;
  /** Told when each run ends, failed or not (the job monitor). */
  onRun?: () => void;
}) {
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const runOnce = () => {
    if (stopped) return running;
    running ??= opts
      .run()
      .catch((err) => opts.log.warn({ err: loggableError(err) }, `${opts.name} failed`))
      .finally(() => {
        running = null;
        opts.onRun?.();
      });
    return running;
  };
  return {
    runOnce,
    start: () => {
      timer = setInterval(runOnce, opts.intervalMs);
      timer.unref();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await waitForRun(running, opts.name, opts.log);
    },
  };
}
