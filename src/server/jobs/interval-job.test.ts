import { describe, expect, it } from 'vitest';
import { createIntervalJob } from './interval-job';
import { waitForRun } from './wait-for-run';

const quietLog = () => {
  const warnings: string[] = [];
  return { warnings, warn: (_o: object, msg: string) => void warnings.push(msg) };
};

describe('a background job at shutdown', () => {
  it('stop() waits for the run in progress to finish, and no run starts after it', async () => {
    const log = quietLog();
    const events: string[] = [];
    const job = createIntervalJob({
      name: 'test job',
      intervalMs: 60_000,
      log,
      run: async () => {
        events.push('run started');
        await new Promise((r) => setTimeout(r, 200));
        events.push('run finished');
      },
    });
    void job.runOnce();
    await job.stop();
    events.push('stopped');
    await job.runOnce(); // a timer that fires late, after stop
    expect(events).toEqual(['run started', 'run finished', 'stopped']);
    expect(log.warnings).toEqual([]);
  });

  it('waits at most the bound for a run that hangs, and says so', async () => {
    const log = quietLog();
    const started = Date.now();
    await waitForRun(new Promise(() => {}), 'hung job', log, 150);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(log.warnings).toEqual(['job still running at shutdown; stopping without it']);
  });
});
