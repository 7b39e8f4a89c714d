import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import type { Durations } from './measured-sequencer';

/**
 * Writes how long each passing file held its lane, in seconds (importing it, setting up and running its tests),
 * to `opts.file`, for `npm run test:durations` to merge into the figures the measured sequencer orders by.
 */
export default class DurationsReporter implements Reporter {
  private readonly file: string;
  constructor(opts: { file: string }) {
    this.file = opts.file;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    this.reportFlaky(testModules);
    const durations: Durations = {};
    for (const m of testModules) {
      if (m.state() !== 'passed') continue;
      const d = m.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      durations[path.relative(process.cwd(), m.moduleId)] = Math.round(ms / 100) / 10;
    }
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, `${JSON.stringify(durations, null, 2)}\n`);
  }

  /**
   * A test that failed and then passed on its retry (vitest.e2e.config.ts) is named at the end of the run and
   * in test-results/e2e-flaky.txt: the run passes, and the race it hit is still there to be fixed.
   */
  private reportFlaky(testModules: ReadonlyArray<TestModule>) {
    const flaky: string[] = [];
    for (const m of testModules) {
      for (const t of m.children.allTests()) {
        if (t.diagnostic()?.flaky) flaky.push(`${path.relative(process.cwd(), m.moduleId)} > ${t.fullName}`);
      }
    }
    const text = flaky.length ? `passed only on a retry (flaky: fix the race):\n${flaky.join('\n')}\n` : '';
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(path.join(path.dirname(this.file), 'e2e-flaky.txt'), text);
    if (text) console.log(`\n== e2e ${text}`);
  }
}
