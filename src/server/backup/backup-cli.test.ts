import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { backupRuns } from '../db/schema';
import { seedVenue } from '../catalogue/seed-venue';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { MANIFEST_SUFFIX, readManifest } from './manifest';
import { liveServerPid, serverPidFile } from './server-pid';

/** `npm run backup` and `npm run restore` as an operator runs them: child processes, output and exit code. */
const root = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'backup-cli-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [`scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function seededDataDir(name: string): Promise<string> {
  const dataDir = path.join(dir, name);
  const database = await openDatabase({ dataDir });
  await seedVenue(database.db);
  await database.close();
  return dataDir;
}

describe('npm run backup / npm run restore on the embedded database', () => {
  it('backs up DATA_DIR, records the run, restores into an empty DATA_DIR and refuses a second time', async () => {
    const dataDir = await seededDataDir('data');
    const backupDir = path.join(dir, 'backups');
    const backup = await runScript('backup', [], { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up the embedded database \(PGlite\): \d+ tables, \d+ rows in [\d.]+ s\.$/m);
    expect(backup.stdout).toContain('Recorded in backup_runs.');
    const [dump] = (await readdir(backupDir)).filter((n) => n.endsWith('.sql.gz'));
    const manifest = await readManifest(path.join(backupDir, dump! + MANIFEST_SUFFIX));
    expect(manifest).toMatchObject({ database: 'pglite', file: dump });

    const database = await openDatabase({ dataDir });
    expect(await database.db.select().from(backupRuns)).toEqual([
      expect.objectContaining({ kind: 'manual', status: 'ok', file: dump, bytes: manifest.bytes }),
    ]);
    await database.close();

    const target = path.join(dir, 'restored');
    const restore = await runScript('restore', [path.join(backupDir, dump!)], { DATA_DIR: target });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${dump} (`);
    expect(restore.stdout).toMatch(/\d+ tables, \d+ rows: every count and hash equals the backup's manifest\./);
    expect(restore.stdout).toMatch(/public\.menu_items\s+\d+/);

    const refused = await runScript('restore', [path.join(backupDir, dump!)], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr.trim()).toMatch(/^restore: \S+ is not empty \(a database with \d+ tables\): .*--force/);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1); // no stack trace
  }, 60_000);

  it('answers a missing file, a missing argument and an empty DATA_DIR with one line and exit code 1', async () => {
    const missing = await runScript('restore', [path.join(dir, 'nope.sql.gz')], { DATA_DIR: path.join(dir, 'x') });
    expect([missing.code, missing.stderr.trim()]).toEqual([
      1,
      `restore: No backup at ${path.join(dir, 'nope.sql.gz')}.`,
    ]);
    const usage = await runScript('restore', [], {});
    expect([usage.code, usage.stderr.trim()]).toEqual([1, 'restore: usage: npm run restore -- FILE [--force]']);
    const nothing = await runScript('backup', [], { DATA_DIR: path.join(dir, 'empty'), BACKUP_DIR: dir });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr.trim()).toMatch(/^backup: No database in DATA_DIR \(.*empty\) and DATABASE_URL is not set/);
  }, 60_000);

  it('asks a server running on DATA_DIR for the backup (SIGUSR2) instead of opening the directory, and waits where it writes', async () => {
    const dataDir = path.join(dir, 'served');
    const backupDir = path.join(dir, 'served-backups');
    await mkdir(dataDir);
    await mkdir(backupDir);
    // A stand-in for the server: on SIGUSR2 it writes a backup's manifest into BACKUP_DIR, as the server does.
    const manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      database: 'pglite',
      file: 'playtime-barn-20251021-090000Z.sql.gz',
      bytes: 1234,
      sha256: 'a'.repeat(64),
      tables: { 'public.bookings': { rows: 7, hash: '42' } },
    };
    const script = `process.on('SIGUSR2', () => { require('fs').writeFileSync(${JSON.stringify(
      path.join(backupDir, manifest.file + MANIFEST_SUFFIX),
    )}, ${JSON.stringify(JSON.stringify(manifest))}); process.exit(0); }); console.log('ready'); setInterval(() => {}, 1000);`;
    const server = spawn(process.execPath, ['-e', script]);
    try {
      await new Promise((r) => server.stdout.once('data', r)); // its SIGUSR2 handler is in place
      // The server names its BACKUP_DIR in the pid file; this command's own setting (another folder) is not used.
      await writeFile(serverPidFile(dataDir), `${server.pid}\n${backupDir}\n`);
      const backup = await runScript('backup', [], { DATA_DIR: dataDir, BACKUP_DIR: path.join(dir, 'elsewhere') });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`The server (pid ${server.pid}) is running on ${dataDir}`);
      expect(backup.stdout).toMatch(/Backed up the embedded database \(PGlite\): 1 tables, 7 rows\./);
      expect(backup.stdout).toContain('Recorded by the server.');
      expect(await readdir(dataDir)).toEqual(['server.pid']); // the data directory was never opened here
    } finally {
      server.kill();
    }
  }, 60_000);
});

describe('liveServerPid', () => {
  it('names a live server and nothing else: no file, garbage, a dead process, this process', async () => {
    const dataDir = path.join(dir, 'pids');
    await mkdir(dataDir, { recursive: true });
    expect(liveServerPid(dataDir)).toBeNull();
    await writeFile(serverPidFile(dataDir), 'not a pid\n');
    expect(liveServerPid(dataDir)).toBeNull();
    await writeFile(serverPidFile(dataDir), String(process.pid));
    expect(liveServerPid(dataDir)).toBeNull();

    const live: ChildProcess = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      await writeFile(serverPidFile(dataDir), `${live.pid}\n`);
      expect(liveServerPid(dataDir)).toBe(live.pid);
    } finally {
      live.kill();
      await new Promise((r) => live.once('exit', r));
    }
    expect(liveServerPid(dataDir)).toBeNull();
  });
});

describe.each(testDbKinds)('npm run backup on %s', (kind) => {
  it('writes the dump in its format beside its manifest, and records the run in the database', async () => {
    const database = kind === 'postgres' ? await openTestDatabase(kind) : null;
    const dataDir = kind === 'pglite' ? await seededDataDir('formats') : '';
    const backupDir = path.join(dir, `${kind}-backups`);
    const env: Record<string, string> = database ? { DATABASE_URL: database.url! } : { DATA_DIR: dataDir };
    try {
      const backup = await runScript('backup', [], { ...env, BACKUP_DIR: backupDir });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(
        kind === 'postgres' ? /^Backed up PostgreSQL: \d+ tables/m : /^Backed up the embedded/m,
      );
      const [dump] = (await readdir(backupDir)).filter((n) => !n.endsWith(MANIFEST_SUFFIX));
      expect(dump).toMatch(kind === 'postgres' ? /\.pgdump$/ : /\.sql\.gz$/);
      // pg_dump's custom format, or gzip.
      const magic = (await readFile(path.join(backupDir, dump!))).subarray(0, 5);
      if (kind === 'postgres') expect(magic.toString()).toBe('PGDMP');
      else expect([...magic.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      expect((await readManifest(path.join(backupDir, dump! + MANIFEST_SUFFIX))).database).toBe(kind);
      const db = database ?? (await openDatabase({ dataDir }));
      try {
        expect(await db.db.select().from(backupRuns)).toEqual([
          expect.objectContaining({ kind: 'manual', status: 'ok', file: dump }),
        ]);
      } finally {
        if (!database) await db.close();
      }
    } finally {
      await database?.close();
    }
  }, 60_000);
});
