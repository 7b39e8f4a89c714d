import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { backupRuns } from '../db/schema';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { restoreBackup, type RestoreTarget } from './restore';
import { openBackupProcess, runRows } from './testing/backup-harness';
import { createPgDatabase, dropPgDatabase } from './testing/pg-databases';

describe.each(testDbKinds)('a restored database and its own backup row (%s)', (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('shows the restored backup as a good one, and a backup cut off by the snapshot as failed', async () => {
    const database = await openTestDatabase(kind);
    cleanups.push(() => database.close());
    const now = new Date();
    const proc = await openBackupProcess(kind, database, { clock: () => now });
    cleanups.push(() => proc.close());
    // Another process's backup, still running when this one is taken.
    await database.db.insert(backupRuns).values({
      slot: 'manual:other',
      kind: 'manual',
      status: 'running',
      startedAt: new Date(now.getTime() - 10 * 60_000),
    });
    const taken = await proc.job.runManual();
    expect(taken?.ok).toBe(true);
    const [dump] = await proc.dumps();

    let target: RestoreTarget;
    if (kind === 'postgres') {
      const { name, url } = await createPgDatabase();
      cleanups.push(() => dropPgDatabase(name));
      target = { kind: 'postgres', url };
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), 'restored-runs-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      target = { kind: 'pglite', dataDir: path.join(dir, 'data') };
    }
    await restoreBackup({ file: path.join(proc.backupDir, dump!), target });

    const restored = await openDatabase(
      target.kind === 'postgres' ? { databaseUrl: target.url } : { dataDir: target.dataDir },
    );
    cleanups.push(() => restored.close());
    const rows = await runRows(restored.db);
    expect(rows.map((r) => [r.slot, r.status])).toEqual([
      ['manual:other', 'failed'],
      [expect.stringMatching(/^manual:/), 'ok'],
    ]);
    expect(rows[1]).toMatchObject({ file: dump, error: null });
    expect(rows[1]!.bytes).toBeGreaterThan(0);
    expect(rows[0]!.error).toBe('Still running when the restored backup was taken.');
    // A PGlite dump and restore: seconds alone, more on a loaded CI machine.
  }, 120_000);
});
