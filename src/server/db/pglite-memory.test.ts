import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client';
import { initDataDirApart } from './pglite-memory';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-memory-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function setting(db: Awaited<ReturnType<typeof openDatabase>>['db'], name: string) {
  return rowsOf<{ setting: string }>(await db.execute(sql`SELECT current_setting(${name}) AS setting`))[0]?.setting;
}

describe('embedded PostgreSQL memory', () => {
  it('initialises a new data directory in a child process; the server opens it sized for one venue', async () => {
    const dataDir = scratch();
    await initDataDirApart(dataDir);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    const database = await openDatabase({ dataDir });
    try {
      expect(await setting(database.db, 'shared_buffers')).toBe('16MB');
      expect(await setting(database.db, 'maintenance_work_mem')).toBe('16MB');
      // PGlite's own start parameters are kept beside ours.
      expect(await setting(database.db, 'max_parallel_workers_per_gather')).toBe('0');
    } finally {
      await database.close();
    }
  }, 120_000);

  it('the in-memory database (tests) gets the same settings', async () => {
    const database = await openDatabase({});
    try {
      expect(await setting(database.db, 'shared_buffers')).toBe('16MB');
    } finally {
      await database.close();
    }
  }, 60_000);

  it('leaves an initialised data directory alone and says why it could not initialise one', async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, 'PG_VERSION'), '18\n');
    const before = statSync(path.join(dir, 'PG_VERSION')).mtimeMs;
    await initDataDirApart(dir);
    expect(statSync(path.join(dir, 'PG_VERSION')).mtimeMs).toBe(before);
    expect(existsSync(path.join(dir, 'base'))).toBe(false);

    // A data directory inside a regular file cannot be created: the child fails and its error is ours.
    const file = path.join(dir, 'not-a-directory');
    writeFileSync(file, '');
    await expect(initDataDirApart(path.join(file, 'data'))).rejects.toThrow(/could not initialise the database/);
  }, 60_000);
});
