import { defineConfig } from 'vitest/config';

// Browser journeys against the built server in Debian's Chromium. One file at a time: 2 cores.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // One migrated, seeded PGlite data directory per run, which every server's starts as a copy of.
    globalSetup: ['tests/e2e/support/global-setup.ts'],
  },
});
