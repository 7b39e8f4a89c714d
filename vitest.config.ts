import { defineConfig } from 'vitest/config';

// Unit and integration tests sit beside the code they test.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/faults/**/*.test.ts'],
    environment: 'node',
    // One migrated, seeded database of each kind per run, which every test database is copied from.
    globalSetup: ['src/server/testing/test-database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
