import type { TestProject } from 'vitest/node';
import { setupDataDirTemplate } from '../../../src/server/testing/test-database-templates';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one server for the files that only read (support/suite.ts useSharedServerAndBrowser). */
    sharedServerUrl: string;
  }
}

/**
 * vitest.e2e.config.ts's globalSetup: one migrated, seeded PGlite data directory that every server's is a copy
 * of, then one server on a copy of it that the files which only read share (both lanes call it), so each of
 * them is spared a server start of its own (about 7 s of CPU each on the 2-core machine).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const removeTemplate = await setupDataDirTemplate();
  const shared = await startServer();
  project.provide('sharedServerUrl', shared.url);
  return async () => {
    await shared.stop();
    removeTemplate();
  };
}
