import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedVenue } from '../catalogue/seed-venue';
import { DATA_DIR_TEMPLATE_ENV } from '../../../tests/e2e/support/server';

/*
 * vitest globalSetup (vitest.config.ts; the e2e config takes only the data directory): once per run, before
 * any test file, one migrated and seeded database of each kind, which every test database then starts as a
 * copy of, instead of running initdb, the migrations and the catalogue seed itself. Built afresh each run,
 * so a template is never older than the migrations and seed it was made with. Measured on the 2-core CI
 * machine (issue 37), CPU time: an in-memory PGlite test database 4.0-4.7 s to open, 0.9-1.0 s as a copy;
 * a server's start on an empty data directory 17-18 s, 7-7.5 s on a copy.
 * - PGlite in memory (openTestDatabase): a tarball of the template's data directory (dumpDataDir).
 * - PGlite on disk (servers, tests/e2e/support/server.ts newDataDir): the template's data directory,
 *   named in the environment, which the test workers (and the servers they start) inherit.
 * - PostgreSQL (openTestDatabase): a database on the TEST_DATABASE_URL server, `CREATE DATABASE ... TEMPLATE`.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated, seeded PGlite data directory (PGlite's dumpDataDir). */
    pgliteTemplateFile?: string;
    /** The name of a migrated, seeded database on the TEST_DATABASE_URL server. */
    postgresTemplate?: string;
  }
}

// Templates are named tpl_<creation time in base 36>_<random>, so a run never meets another's (other
// worktrees test against the same server at the same time) and one left by a killed run can be told by age.
const TEMPLATE_PREFIX = 'tpl_';
const LEFT_BEHIND_AFTER_MS = 24 * 60 * 60 * 1000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgresTemplate] = await Promise.all([
    createPgliteTemplate({ tarball: true }),
    adminUrl ? createPostgresTemplate(adminUrl) : undefined,
  ]);
  process.env[DATA_DIR_TEMPLATE_ENV] = pglite.dataDir;
  project.provide('pgliteTemplateFile', pglite.tarballFile);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    pglite.remove();
    if (adminUrl && postgresTemplate) await dropDatabase(adminUrl, postgresTemplate);
  };
}

/** The e2e run's globalSetup: its servers' data directories only (the browser tests open no other database). */
export async function setupDataDirTemplate(): Promise<() => void> {
  const pglite = await createPgliteTemplate({ tarball: false });
  process.env[DATA_DIR_TEMPLATE_ENV] = pglite.dataDir;
  return pglite.remove;
}

async function createPgliteTemplate(opts: { tarball: boolean }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'playtime-template-'));
  const dataDir = path.join(dir, 'data');
  const tarballFile = path.join(dir, 'data.tar');
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    // On disk, as a server's first start makes it (openDatabase runs initdb in a child process there).
    const database = await openDatabase({ dataDir });
    try {
      await seedVenue(database.db);
      if (opts.tarball) {
        // Uncompressed: a gzipped one (5 MB rather than 43) made each copy 0.3-0.4 s slower to open.
        const tarball = await database.pglite!.dumpDataDir('none');
        writeFileSync(tarballFile, new Uint8Array(await tarball.arrayBuffer()));
      }
    } finally {
      await database.close();
    }
  } catch (err) {
    remove();
    throw err;
  }
  return { dataDir, tarballFile: opts.tarball ? tarballFile : undefined, remove };
}

async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await dropLeftBehindTemplates(admin);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // The pool is closed before any copy is made: PostgreSQL refuses to copy a database someone is connected to.
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await seedVenue(database.db);
  } finally {
    await database.close();
  }
  return name;
}

/** Templates of runs that were killed before their teardown (a day old: no run takes that long). */
async function dropLeftBehindTemplates(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%'`,
  );
  for (const { datname } of rows) {
    const created = parseInt(datname.slice(TEMPLATE_PREFIX.length).split('_')[0]!, 36);
    if (Number.isFinite(created) && Date.now() - created > LEFT_BEHIND_AFTER_MS) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
