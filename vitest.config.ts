import { defineConfig } from 'vitest/config';

// Unit and integration tests sit beside the code they test.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/faults/**/*.test.ts'],
    environment: 'node',
    // One migrated, seeded database of each kind per run, which every test database is copied from.
    globalSetup: ['src/server/testing/test-database-templates.ts'],
    // Both cores: vitest 4 leaves one for itself by default, and the tests wait on PGlite and sockets often
    // enough that two workers finish the suite in about 0.6 of the time one takes (issue 37).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
