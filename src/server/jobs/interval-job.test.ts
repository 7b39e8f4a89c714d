import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIntervalJob } from './interval-job';
import { waitForRun } from './wait-for-run';

const quietLog = () => {
  const warnings: string[] = [];
  return { warnings, warn: (_o: object, msg: string) => void warnings.push(msg) };
};

// Fake timers: the run's 200 ms and the 150 ms bound pass when the test moves the clock, not in real time, and
// the bound is checked to the millisecond (a real-clock test could only say "between 140 ms and a second").
describe('a background job at shutdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

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
    const stopping = job.stop().then(() => events.push('stopped'));
    await vi.advanceTimersByTimeAsync(199);
    expect(events).toEqual(['run started']);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    await job.runOnce(); // a timer that fires late, after stop
    expect(events).toEqual(['run started', 'run finished', 'stopped']);
    expect(log.warnings).toEqual([]);
  });

  it('waits at most the bound for a run that hangs, and says so', async () => {
    const log = quietLog();
    let done = false;
    const waiting = waitForRun(new Promise(() => {}), 'hung job', log, 150).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(149);
    expect(done).toBe(false);
    expect(log.warnings).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(log.warnings).toEqual(['job still running at shutdown; stopping without it']);
  });
});
