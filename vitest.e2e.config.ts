import { defineConfig } from 'vitest/config';
import { measuredSequencer } from './tests/e2e/support/measured-sequencer';

// Browser journeys against the built server in Debian's Chromium (and Firefox), three files at a time
// (E2E_LANES=1 for one): each file starts its own server (free port, its own copy of the data directory,
// TEST MODE payments in its own database), its own browser and its own SMTP peer, so two files at once share
// nothing but the cores. Longest first, by the seconds measured on the 2-core machine
// (tests/e2e/support/durations.json), so the two lanes end close together (docs/testing.md).
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    // Two lanes share the cores: a file's set-up (a database prepared in the worker, a server, a browser) gets
    // about one core, not two.
    hookTimeout: 180_000,
    // A failed browser test runs once more before the run fails: a journey on a loaded 2-core machine meets
    // timing races that a second try does not. Each test that needed it is named at the end of the run
    // (support/durations-reporter.ts, test-results/e2e-flaky.txt), so the race is seen and fixed, not hidden.
    retry: Number(process.env.E2E_RETRY ?? 1),
    fileParallelism: true,
    // Three lanes on the 2-core machine: with two, the browser suite kept 1.0 core busy (848 s of CPU in 820 s,
    // fuzz:api beside it, a fresh clone at 16:20 on 29 Nov): a journey mostly waits on its page and server.
    maxWorkers: Number(process.env.E2E_LANES ?? 3),
    sequence: { sequencer: measuredSequencer('tests/e2e/support/durations.json') },
    // Each run's per-file times, for `npm run test:durations` (docs/testing.md).
    reporters: ['default', ['./tests/e2e/support/durations-reporter.ts', { file: 'test-results/e2e-durations.json' }]],
    // One migrated, seeded PGlite data directory per run, which every server's starts as a copy of.
    globalSetup: ['tests/e2e/support/global-setup.ts'],
  },
});
