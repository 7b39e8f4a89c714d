import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailbox, type Mailbox } from './mailbox';

/** The production bundle `npm run build` writes (the e2e step of `npm test` builds it before .ci/run gets here). */
const serverEntry = 'dist/server/main.js';

export type FuzzServer = {
  url: string;
  adminPassword: string;
  mailbox: Mailbox;
  stop: () => Promise<void>;
  output: () => string;
};

async function freePort(): Promise<number> {
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
 * Starts the built server as production runs it (plain node), on a free loopback port with a throwaway
 * PGlite data dir and backup dir. Its mail goes to our own mailbox on 127.0.0.1 (nothing leaves the
 * machine); no card provider keys: the TEST MODE provider. TRUST_PROXY=127.0.0.1 as deploy/ sets it behind nginx,
 * so the fuzzer can speak for several callers and the per-address limits do not refuse everything.
 */
export async function startServer(): Promise<FuzzServer> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'playtime-fuzz-'));
  const url = `http://127.0.0.1:${port}`;
  const adminPassword = `fuzz-${Math.random().toString(36).slice(2)}-admin`;
  const mailbox = await startMailbox();
  let log = '';
  const child = spawn(process.execPath, [serverEntry], {
    // Only what node needs from this environment: a DATABASE_URL, SMTP_URL or card key set here stays out.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: path.join(dir, 'data'),
      BACKUP_DIR: path.join(dir, 'backups'),
      BACKUP_NIGHTLY: 'off',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: adminPassword,
      TRUST_PROXY: '127.0.0.1',
      SMTP_URL: mailbox.url,
      MAIL_INTERVAL_MS: '300',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!exited()) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
      if (!exited()) child.kill('SIGKILL');
    }
    await mailbox.close();
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (exited()) {
      await stop();
      throw new Error(`the server exited before it was ready:\n${log}`);
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, adminPassword, mailbox, stop, output: () => log };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not become ready in 90 s:\n${log}`);
}
