import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

/*
 * PGlite runs PostgreSQL inside our process, in a WebAssembly memory that grows and never shrinks, so
 * PostgreSQL's memory settings are our process's resident memory (issue 27: under 400 MB at peak on a
 * venue's 1 GB server). Measured with `npm run bench:api` and /proc/PID/smaps (Node 20, PGlite 0.5):
 * - shared_buffers: PostgreSQL's default 128 MB buffer pool is all resident from the start (its shared
 *   memory is zero-filled in the WebAssembly heap): 151 MB of that heap touched at start, 29 MB with
 *   16 MB. 16 MB (2,048 pages) holds a venue's hot tables; the rest are a file read away (the OS caches).
 * - maintenance_work_mem: what CREATE INDEX and VACUUM may take (default 64 MB); the heap keeps whatever
 *   it once grew to, so a migration's index build would hold it all day.
 * Per-query work_mem (4 MB) and temp_buffers (8 MB, temporary tables only) stay at their defaults.
 */
const SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

/** PGlite's own start parameters (single-user mode, fsync off, ...) and ours after them. */
export const pgliteStartParams = [...PGlite.defaultStartParams, ...SETTINGS.flatMap((s) => ['-c', s])];

const execFileAsync = promisify(execFile);

/**
 * On first start in an empty data directory PGlite runs initdb, in a second PostgreSQL instance beside
 * the first, whose 128 MB minimum heap it copies and restores for every initdb step: the process peaked
 * at 750-830 MB for it and still held about 160 MB more than a restart on the same directory afterwards.
 * In a short-lived child process all of that is returned to the system when the child exits (its own
 * peak, once per installation, measured 790 MB), and the server process only ever opens an existing
 * database. A directory already initialised (PG_VERSION present) is left alone.
 */
export async function initDataDirApart(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  // The CommonJS entry of the package this server uses, so a plain `node -e` loads the same version.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const script = `
    const { PGlite } = require(process.env.PGLITE_ENTRY);
    const pg = new PGlite({ dataDir: process.env.PGLITE_DATA_DIR, startParams: JSON.parse(process.env.PGLITE_START_PARAMS) });
    pg.waitReady.then(() => pg.close()).catch((err) => { console.error(err); process.exit(1); });`;
  try {
    await execFileAsync(process.execPath, ['-e', script], {
      env: {
        ...process.env,
        PGLITE_ENTRY: pgliteEntry,
        PGLITE_DATA_DIR: dataDir,
        PGLITE_START_PARAMS: JSON.stringify(pgliteStartParams),
      },
      maxBuffer: 4 * 1024 * 1024,
    });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`could not initialise the database in ${dataDir}${stderr ? `: ${stderr}` : ''}`, { cause: err });
  }
}
