import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/server';

/** Where Debian keeps the PostgreSQL server binaries, if they are installed. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort().pop();
  return version && existsSync(path.join(root, version, 'bin', 'pg_ctl')) ? path.join(root, version, 'bin') : null;
}

/** Fault tests can stop and start this cluster without disturbing the shared one on 5432. */
export const canRunPrivatePostgres =
  process.getuid?.() === 0 && postgresBinDir() !== null && existsSync('/usr/sbin/runuser');

/** A throwaway PostgreSQL cluster of our own on a free port (root runs it as the postgres user). */
export async function startPrivatePostgres() {
  const bin = postgresBinDir()!;
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-fault-'));
  const passwd = execFileSync('id', ['-u', 'postgres']).toString().trim();
  const group = execFileSync('id', ['-g', 'postgres']).toString().trim();
  chownSync(dir, Number(passwd), Number(group));
  const port = await freePort();
  const runuser = ['-u', 'postgres', '--'];
  const asPostgres = (cmd: string, args: string[]) =>
    execFileSync('/usr/sbin/runuser', [...runuser, path.join(bin, cmd), ...args], { stdio: 'pipe' });
  asPostgres('initdb', ['-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const startArgs = [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ];
  // Fast shutdown: open sessions are cut, as in a real restart under load.
  const stopArgs = ['-D', `${dir}/data`, '-m', 'fast', '-w', 'stop'];
  // Without blocking the test's event loop, so its clients keep sending while the server goes and comes.
  const pgCtl = (args: string[]) =>
    promisify(execFile)('/usr/sbin/runuser', [...runuser, path.join(bin, 'pg_ctl'), ...args]).then(() => undefined);
  asPostgres('pg_ctl', startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCtl(startArgs),
    stop: () => pgCtl(stopArgs),
    destroy: () => {
      try {
        asPostgres('pg_ctl', stopArgs);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
