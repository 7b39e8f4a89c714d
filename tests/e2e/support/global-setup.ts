// vitest.e2e.config.ts's globalSetup: one migrated, seeded PGlite data directory that every server's is a copy of.
export { setupDataDirTemplate as default } from '../../../src/server/testing/test-database-templates';
