import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../tests/e2e/support/server';

/** The newest modification time of any file under `dir`, in ms. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * The bundled server exactly as production runs it (`node dist/server/main.js`, what `npm start` and the
 * Dockerfile run), on a fresh data directory: its memory is what issue 27 budgets. Running the sources
 * through tsx instead adds the TypeScript loader's own memory (90-130 MB measured) to every figure.
 * Builds when there is no build; says so when the sources are newer than the build.
 */
export async function startBenchServer(env: Record<string, string>) {
  const main = 'dist/server/main.js';
  if (!existsSync(main) || !existsSync('dist/web/index.html')) execSync('npm run build', { stdio: 'inherit' });
  if (newestMtime('src') > statSync(main).mtimeMs) {
    console.warn(`note: src/ has changes newer than ${main}; \`npm run build\` to measure them`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      // As tests/e2e/support/server.ts starts it: test mode (no Stripe keys needed), nothing off-machine.
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      BACKUP_DIR: path.join(dataDir, 'backups'),
      BACKUP_NIGHTLY: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Request logs (info) run to hundreds of MB over a bench: only the tail is kept, for a failed start.
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-64 * 1024));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { url, pid: () => child.pid, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the server did not become ready:\n${log}`);
}
