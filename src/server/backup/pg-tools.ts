import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError } from './manifest';
import type { RunSql } from './table-stats';

/**
 * pg_dump / pg_restore's --dbname for DATABASE_URL, with the password moved to PGPASSWORD: a password on
 * the command line would show in `ps` to every user of the machine.
 */
export function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env };
}

/** Runs pg_dump or pg_restore; a missing tool or a failure becomes a one-line BackupError. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${tool} is not installed: install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`
            : `${tool} could not start: ${err.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else {
        const first = stderr.split('\n').find((l) => l.trim()) ?? `exit code ${code}`;
        reject(new BackupError(`${tool} failed: ${first.trim()}`));
      }
    });
  });
}

/** A pg client as a RunSql. */
export const pgRunner =
  (client: pg.Client): RunSql =>
  async (text, params) =>
    (await client.query(text, params)).rows as Record<string, unknown>[];

export async function connectPg(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // a dropped connection fails the query in flight; no crash besides
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to the database at DATABASE_URL: ${(err as Error).message}`);
  }
  return client;
}
