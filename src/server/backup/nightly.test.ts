import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { backupRuns, outbox } from '../db/schema';
import { testConfig } from '../testing/test-config';
import { openTestDatabase, testDbKinds, type TestDbKind } from '../testing/test-database';
import { MANIFEST_SUFFIX } from './manifest';
import { requestServerBackup, serverPidFile } from './server-pid';
import { writeBackup } from './snapshot';
import { openBackupProcess, runRows, sourceOf } from './testing/backup-harness';

const failingWriter = (message: string) => async () => {
  throw new Error(message);
};

describe.each(testDbKinds)('nightly backups on %s', (kind: TestDbKind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let clock = new Date();
  const now = () => clock;
  const at = (iso: string) => (clock = new Date(iso));
  const opened: { close: () => Promise<void> }[] = [];
  const open = async (opts: Omit<Parameters<typeof openBackupProcess>[2], 'clock'> = {}) => {
    const p = await openBackupProcess(kind, database, { clock: now, ...opts });
    opened.push(p);
    return p;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await Promise.all(opened.splice(0).map((p) => p.close()));
    await database.db.delete(backupRuns);
    await database.db.delete(outbox);
  });
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((p) => p.close()));
    await database?.close();
  });

  it('is not due before 02:00 London, and two processes at 02:00 (BST) take the night once', async () => {
    const a = await open();
    const b = await open({ ownPool: true });
    at('2026-07-14T00:59:30Z'); // 01:59:30 BST
    expect(await Promise.all([a.job.runDue(), b.job.runDue()])).toEqual([null, null]);
    expect(await runRows(database.db)).toHaveLength(0);

    at('2026-07-14T01:00:30Z'); // 02:00:30 BST
    const results = await Promise.all([a.job.runDue(), b.job.runDue()]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(results.find((r) => r)?.ok).toBe(true);
    const rows = await runRows(database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ slot: 'nightly:2026-07-14', kind: 'nightly', status: 'ok', attempts: 1 });
    expect(rows[0]!.bytes).toBeGreaterThan(0);
    // One dump in all, named by the clock, with its manifest.
    const dumps = [...(await a.dumps()), ...(await b.dumps())];
    expect(dumps).toEqual([rows[0]!.file]);
    expect(rows[0]!.file).toMatch(/^playtime-barn-20260714-010030Z\.(pgdump|sql\.gz)$/);
    const dir = (await a.dumps()).length ? a.backupDir : b.backupDir;
    expect(existsSync(path.join(dir, rows[0]!.file + MANIFEST_SUFFIX))).toBe(true);

    // Later that day: done, nobody takes it again.
    at('2026-07-14T09:00:00Z');
    expect(await Promise.all([a.job.runDue(), b.job.runDue()])).toEqual([null, null]);
    expect(await runRows(database.db)).toHaveLength(1);
  });

  it('in winter (GMT) is due at 02:00Z; a process started in the afternoon catches the night up, then prunes', async () => {
    const p = await open();
    // Old backups in the folder (42 to 40 days back), and a file that is not ours.
    const old = ['20251203', '20251204', '20251205'].map((d) => `playtime-barn-${d}-020000Z.sql.gz`);
    for (const f of old) {
      await writeFile(path.join(p.backupDir, f), 'x');
      await writeFile(path.join(p.backupDir, f + MANIFEST_SUFFIX), '{}');
    }
    await writeFile(path.join(p.backupDir, 'notes.txt'), 'keep me');
    at('2026-01-14T01:59:00Z');
    expect(await p.job.runDue()).toBeNull();
    at('2026-01-14T15:00:00Z');
    expect(await p.job.runDue()).toMatchObject({ ok: true, slot: 'nightly:2026-01-14' });
    const left = (await readdir(p.backupDir)).sort();
    const [row] = await runRows(database.db);
    expect(left).toEqual([row!.file!, row!.file + MANIFEST_SUFFIX, 'notes.txt'].sort());
  });

  it('retries a failed night 5 minutes apart, 3 attempts, then marks it failed and tells staff once', async () => {
    const p = await open({ job: { write: failingWriter('No space left on device') } });
    at('2026-03-14T02:00:30Z');
    expect(await p.job.runDue()).toMatchObject({ ok: false, attempts: 1 });
    expect(await runRows(database.db)).toMatchObject([
      { status: 'failed', attempts: 1, error: 'No space left on device' },
    ]);
    at('2026-03-14T02:04:00Z'); // too soon
    expect(await p.job.runDue()).toBeNull();
    at('2026-03-14T02:06:00Z');
    expect(await p.job.runDue()).toMatchObject({ ok: false, attempts: 2 });
    expect(await database.db.select().from(outbox)).toHaveLength(0);
    at('2026-03-14T02:12:00Z');
    expect(await p.job.runDue()).toMatchObject({ ok: false, attempts: 3 });
    const [row] = await runRows(database.db);
    expect(row).toMatchObject({ slot: 'nightly:2026-03-14', status: 'failed', attempts: 3 });
    const mails = await database.db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: testConfig().STAFF_NOTIFY_EMAIL,
      template: 'backup-failed',
      dedupeKey: 'backup-failed:nightly:2026-03-14',
    });
    expect(mails[0]!.text).toContain('No space left on device');
    // No fourth attempt, no second mail.
    at('2026-03-14T03:00:00Z');
    expect(await p.job.runDue()).toBeNull();
    expect(await database.db.select().from(outbox)).toHaveLength(1);
    expect((await runRows(database.db))[0]!.attempts).toBe(3);
  });

  it('a retry that works ends the night ok, with no report', async () => {
    let calls = 0;
    const p = await open({
      job: {
        write: (o) => (++calls === 1 ? Promise.reject(new Error('pg_dump failed: connection reset')) : writeBackup(o)),
      },
    });
    at('2026-03-15T02:00:30Z');
    expect(await p.job.runDue()).toMatchObject({ ok: false });
    at('2026-03-15T02:05:30Z');
    expect(await p.job.runDue()).toMatchObject({ ok: true, attempts: 2 });
    expect(await runRows(database.db)).toMatchObject([{ status: 'ok', attempts: 2, error: null }]);
    expect(await p.dumps()).toHaveLength(1);
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  it('stopping abandons a backup that does not finish in time, and its row is failed for a retry', async () => {
    const p = await open({ job: { write: () => new Promise(() => {}), stopWaitMs: 300 } });
    at('2026-03-16T02:00:30Z');
    void p.job.runDue();
    await expect.poll(async () => (await runRows(database.db))[0]?.status).toBe('running');
    const started = Date.now();
    await p.job.stop();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await runRows(database.db)).toMatchObject([
      { status: 'failed', attempts: 1, error: 'The server stopped during the backup.' },
    ]);
    // Another process takes the retry 5 minutes later.
    const q = await open();
    at('2026-03-16T02:06:00Z');
    expect(await q.job.runDue()).toMatchObject({ ok: true, attempts: 2 });
  });

  if (kind === 'pglite')
    it('SIGUSR2 takes a backup of the running server (pid file in DATA_DIR), as `npm run backup` asks', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'pid-'));
      const backupDir = path.join(dataDir, 'backups');
      const listeners = process.listenerCount('SIGUSR2');
      const { app } = await buildApp({
        db: database.db,
        config: testConfig({ DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_NIGHTLY: 'off' }),
        now,
        webRoot: '/none',
        startJobs: true,
        backupSource: sourceOf(database),
      });
      try {
        at('2026-03-17T11:22:33Z');
        // Its pid, then where it writes backups (the CLI waits there).
        expect(await readFile(serverPidFile(dataDir), 'utf8')).toBe(`${process.pid}\n${path.resolve(backupDir)}\n`);
        const { manifest } = await requestServerBackup({ pid: process.pid, backupDir, pollMs: 100, timeoutMs: 60_000 });
        expect(manifest.database).toBe('pglite');
        await expect
          .poll(async () => (await runRows(database.db)).map((r) => [r.slot, r.kind, r.status]))
          .toEqual([['manual:2026-03-17T11:22:33.000Z', 'manual', 'ok']]);
        expect((await runRows(database.db))[0]!.file).toBe(manifest.file);
      } finally {
        await app.close();
      }
      expect(existsSync(serverPidFile(dataDir))).toBe(false);
      expect(process.listenerCount('SIGUSR2')).toBe(listeners);
      await rm(dataDir, { recursive: true, force: true });
    });
});
