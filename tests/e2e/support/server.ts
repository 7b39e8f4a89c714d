import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { holdSocket } from './held-socket';

export type RunningServer = {
  url: string;
  dataDir: string;
  /** Stops the process and deletes its data directory. */
  stop: () => Promise<void>;
  /** Stops the process but keeps the data directory (to read the database from the test). */
  halt: () => Promise<void>;
  /** Stops and starts the process on the same data; `env` adds to (or overrides) what it was started with. */
  restart: (env?: Record<string, string>) => Promise<void>;
  /** Sends a signal to the server process; resolves with its exit code once it exits. */
  signal: (sig: NodeJS.Signals) => Promise<number | null>;
  output: () => string;
  /** The server process id (benchmarks read its CPU time). */
  pid: () => number | undefined;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Set by the test runs' globalSetup (src/server/testing/test-database-templates.ts): a PGlite data directory
 * already initialised, migrated and seeded, as a server's first start leaves it. Unset (a script such as
 * npm run bench:api), each directory starts empty.
 */
export const DATA_DIR_TEMPLATE_ENV = 'PLAYTIME_TEST_DATA_DIR_TEMPLATE';

/**
 * A new temporary data directory: a copy of the run's template when there is one, so the server (or a test
 * preparing rows before it starts) skips PGlite's initdb and the migrations. Measured on the 2-core CI
 * machine (issue 37): a server start took 17-18 s of CPU on an empty directory, 7-7.5 s on a copy.
 */
export function newDataDir(prefix = 'playtime-e2e-'): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const template = process.env[DATA_DIR_TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * The bundle `npm run build` makes (test:e2e builds first): production's own entry, and no TypeScript to
 * compile at each of the suite's server starts. From the sources only when nothing is built yet.
 */
function serverEntry(): string[] {
  return existsSync('dist/server/main.js') ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
}

/**
 * Starts the real built server (`npm run build` first) as its own process on a free port with a
 * fresh PGlite data directory, and waits until /readyz answers.
 */
export async function startServer(
  startEnv: Record<string, string> = {},
  opts: { socketActivation?: boolean } = {},
): Promise<RunningServer> {
  let env = startEnv;
  const port = await freePort();
  // With socketActivation the port's socket is held here, as systemd's socket unit would, and handed to
  // each process (and each restart) as fd 3; the process's port then never refuses a connection.
  const held = opts.socketActivation ? holdSocket(port) : undefined;
  // Its own data directory, unless it is given one or runs on PostgreSQL (then this one stays unused).
  const dataDir =
    startEnv.DATA_DIR || startEnv.DATABASE_URL ? mkdtempSync(path.join(tmpdir(), 'playtime-e2e-')) : newDataDir();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let log = '';

  const launch = async () => {
    child = spawn(process.execPath, serverEntry(), {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // Backups stay in the temporary data directory, never in the repository; the nightly one is off
        // (a server started after 02:00 would otherwise catch up the night mid-test). Tests may turn it on.
        BACKUP_DIR: path.join(dataDir, 'backups'),
        BACKUP_NIGHTLY: 'off',
        ...(held ? { LISTEN_FDS: '1' } : {}),
        ...env,
      },
      stdio: held ? ['ignore', 'pipe', 'pipe', held.fd] : ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (log += d));
    child.stderr?.on('data', (d) => (log += d));
    // A minute; E2E_SERVER_READY_MS gives a loaded machine (tsx compiling the server, PGlite migrating) longer.
    const deadline = Date.now() + Number(process.env.E2E_SERVER_READY_MS ?? 60_000);
    while (Date.now() < deadline) {
      if (exited()) throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${log}`);
      try {
        const res = await fetch(`${url}/readyz`);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    // Not left running: a server still starting after the test gave up only adds to the machine's load.
    await stopChild();
    throw new Error(`server did not become ready:\n${log}`);
  };

  // A process killed by a signal has exitCode null and signalCode set: it has exited all the same.
  const exited = () => !child || child.exitCode !== null || child.signalCode !== null;
  const stopChild = async () => {
    if (exited()) return;
    const exitEvent = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exitEvent, new Promise((r) => setTimeout(r, 10_000))]);
    if (!exited()) child.kill('SIGKILL');
  };

  await launch();
  return {
    url,
    dataDir,
    output: () => log,
    pid: () => child.pid,
    halt: stopChild,
    signal: (sig) => {
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill(sig);
      return exited;
    },
    restart: async (more = {}) => {
      await stopChild();
      env = { ...env, ...more };
      await launch();
    },
    stop: async () => {
      await stopChild();
      held?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
