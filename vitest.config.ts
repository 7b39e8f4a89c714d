import { defineConfig } from 'vitest/config';

// Unit and integration tests sit beside the code they test.
export default defineConfig({
  test: {
    environment: 'node',
    // Both cores: vitest 4 leaves one for itself by default, and the tests wait on PGlite and sockets often
    // enough that two workers finish the suite in about 0.6 of the time one takes (issue 37).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'src/server/**/*.test.ts',
            'src/shared/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/faults/**/*.test.ts',
          ],
          // One migrated, seeded database of each kind per run, which every test database is copied from.
          globalSetup: ['src/server/testing/test-database-templates.ts'],
          // Each worker imports the server's modules once, not once per file: isolated, every one of the
          // ~200 files imported the whole app again (442 s of "import" in a quiet CI run, about a sixth of
          // the suite's time). The files share no state but the module cache: each opens its own databases
          // and app, and none mocks a module (vi.mock is used only in src/web/, below, which stays isolated).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web', include: ['src/web/**/*.test.ts'] } },
    ],
  },
});
