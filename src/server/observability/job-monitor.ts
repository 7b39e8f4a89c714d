/**
 * When each scheduled job last finished a run, so readiness and /metrics can say which one is late.
 * A job says how often it should run when it starts (`expect`) and reports each finished run (`ran`);
 * a run that fails still counts as a run (the job is alive; its own errors are logged and reported).
 */
export type JobMonitor = {
  expect(job: string, everyMs: number, now: Date): void;
  ran(job: string, at: Date): void;
  /** Each job's lateness in seconds: how long past its due time it has not run (0 when on time). */
  lateness(now: Date): { job: string; lateSeconds: number }[];
};

export function createJobMonitor(): JobMonitor {
  const jobs = new Map<string, { everyMs: number; lastRunAt: Date }>();
  return {
    expect(job, everyMs, now) {
      jobs.set(job, { everyMs, lastRunAt: jobs.get(job)?.lastRunAt ?? now });
    },
    ran(job, at) {
      const known = jobs.get(job);
      if (known) known.lastRunAt = at;
    },
    lateness(now) {
      return [...jobs].map(([job, { everyMs, lastRunAt }]) => ({
        job,
        lateSeconds: Math.max(0, Math.round((now.getTime() - lastRunAt.getTime() - everyMs) / 1000)),
      }));
    },
  };
}
