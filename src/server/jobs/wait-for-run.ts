/**
 * How long a background job's stop() waits for its run in progress. A run is a few short transactions, so
 * this is ample; it is bounded because shutdown as a whole must end within 10 s (main.ts), and a run that is
 * cut by the database closing loses nothing: its open transaction rolls back and every job is idempotent,
 * so the next run (here after the restart, or in another process) does the work again.
 */
export const JOB_STOP_WAIT_MS = 3_000;

type WarnLog = { warn: (obj: object, msg: string) => void };

/** Waits for `running` (a job's run in progress, if any), at most `ms`; says so when it gives up. */
export async function waitForRun(
  running: Promise<unknown> | null,
  job: string,
  log?: WarnLog,
  ms = JOB_STOP_WAIT_MS,
): Promise<void> {
  if (!running) return;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = await Promise.race([
    running.then(
      () => false,
      () => false,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), ms);
    }),
  ]);
  clearTimeout(timer);
  if (gaveUp) log?.warn({ job, waitedMs: ms }, 'job still running at shutdown; stopping without it');
}
