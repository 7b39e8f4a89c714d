import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, backupManifestSchema, MANIFEST_SUFFIX, type BackupManifest } from './manifest';

/**
 * Two processes must never open one PGlite data directory. The server started on DATA_DIR writes its pid
 * here and, on SIGUSR2, backs itself up into BACKUP_DIR; `npm run backup` asks it to rather than opening
 * the directory, and `npm run restore` refuses to replace it under the server's feet.
 */
export const serverPidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** The pid file's lines: the server's pid, then the BACKUP_DIR it backs up into (absolute). */
function pidFileLines(dataDir: string): string[] {
  try {
    return readFileSync(serverPidFile(dataDir), 'utf8').split('\n');
  } catch {
    return [];
  }
}

/** Where the server running on `dataDir` writes its backups, as it said in its pid file (null: not said). */
export function serverBackupDir(dataDir: string): string | null {
  return pidFileLines(dataDir)[1]?.trim() || null;
}

/** The pid of the server running on `dataDir`, or null when none is (no file, or a stale one). */
export function liveServerPid(dataDir: string): number | null {
  const first = pidFileLines(dataDir)[0];
  if (first === undefined) return null;
  const pid = Number(first.trim());
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null; // ESRCH: the server is gone
  }
  // After a crash the pid may since belong to another program; SIGUSR2 would kill it. On Linux, /proc says.
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!/node/i.test(cmdline)) return null;
  } catch {
    // No /proc (macOS): a live pid is the best we know.
  }
  return pid;
}

/**
 * Sends SIGUSR2 to the server and waits for the backup it then writes: a manifest in `backupDir` that was
 * not there when asked. Fails early when the server stops meanwhile.
 */
export async function requestServerBackup(opts: {
  pid: number;
  backupDir: string;
  timeoutMs?: number;
  pollMs?: number;
  isAlive?: () => boolean;
}): Promise<{ manifestFile: string; manifest: BackupManifest }> {
  const { pid, backupDir, timeoutMs = 10 * 60_000, pollMs = 500 } = opts;
  const isAlive = opts.isAlive ?? (() => isRunning(pid));
  const requestedAt = Date.now();
  // New means a name that was not there before: file times are too coarse to compare with the clock.
  const before = new Set(await manifestNames(backupDir));
  process.kill(pid, 'SIGUSR2');
  while (Date.now() - requestedAt < timeoutMs) {
    await new Promise((r) => setTimeout(r, pollMs));
    const found = await newManifest(backupDir, before);
    if (found) return found;
    if (!isAlive()) throw new BackupError(`The server (pid ${pid}) stopped before finishing the backup.`);
  }
  throw new BackupError(
    `The server (pid ${pid}) did not finish a backup within ${Math.round(timeoutMs / 60_000)} minutes: see its log.`,
  );
}

async function manifestNames(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.endsWith(MANIFEST_SUFFIX) && !n.startsWith('.'));
}

async function newManifest(
  dir: string,
  before: Set<string>,
): Promise<{ manifestFile: string; manifest: BackupManifest } | null> {
  for (const name of (await manifestNames(dir))
    .filter((n) => !before.has(n))
    .sort()
    .reverse()) {
    const manifestFile = path.join(dir, name);
    const text = await readFile(manifestFile, 'utf8').catch(() => '');
    const parsed = backupManifestSchema.safeParse(parseJson(text));
    if (parsed.success) return { manifestFile, manifest: parsed.data };
  }
  return null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
