import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { openDatabase, type Database } from '../db/client';

/**
 * Races one worker script (run as `node --import tsx <worker>`) in as many child processes as `envs` has
 * entries, each with its own extra environment, on one PostgreSQL: every process opens its pool and says
 * ready, then all are told to go at once. Answers every attempt's outcome, each process's JSON array in turn.
 * The worker's side is runRaceWorker below.
 */
export async function raceInChildProcesses<T>(worker: string, envs: Record<string, string>[]): Promise<T[]> {
  const children: ChildProcess[] = [];
  try {
    const lines = envs.map((env) => {
      const child = spawn(process.execPath, ['--import', 'tsx', worker], {
        env: { ...process.env, ...env },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      children.push(child);
      return createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    });
    const next = async (it: AsyncIterator<string>) => {
      const { value, done } = await it.next();
      if (done) throw new Error('a race worker ended early (see its stderr)');
      return value;
    };
    for (const it of lines) {
      const line = await next(it);
      if (line !== 'ready') throw new Error(`a race worker said ${JSON.stringify(line)}, not ready`);
    }
    for (const child of children) child.stdin!.write('go\n');
    const outcomes = await Promise.all(lines.map(async (it) => JSON.parse(await next(it)) as T[]));
    await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : null)));
    return outcomes.flat();
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
  }
}

/**
 * One race process: opens its own pool on DATABASE_URL, lets `prepare` read what it needs, says "ready",
 * waits for a line on stdin, then runs what `prepare` answered and prints its outcomes as a JSON array.
 */
export async function runRaceWorker<T>(
  name: string,
  prepare: (database: Database, env: (name: string) => string) => Promise<() => Promise<T[]>>,
): Promise<void> {
  const env = (variable: string) => {
    const value = process.env[variable];
    if (!value) throw new Error(`${name} needs ${variable}`);
    return value;
  };
  const database = await openDatabase({ databaseUrl: env('DATABASE_URL') });
  try {
    const go = await prepare(database, env);
    const lines = createInterface({ input: process.stdin });
    process.stdout.write('ready\n');
    await once(lines, 'line');
    process.stdout.write(`${JSON.stringify(await go())}\n`);
    lines.close();
  } finally {
    await database.close();
  }
}
