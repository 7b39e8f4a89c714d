import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const worker = fileURLToPath(new URL('./race-worker.ts', import.meta.url));

/**
 * Races `perProcess` party holds in each of `processes` child processes on one PostgreSQL (race-worker.ts):
 * every process opens its pool first and says ready; then all are told to go at once. Answers every
 * hold's outcome ('no error' for a hold, else the AppError code).
 */
export async function raceInProcesses(opts: {
  databaseUrl: string;
  date: string;
  now: Date;
  processes: number;
  perProcess: number;
}): Promise<string[]> {
  const children: ChildProcess[] = [];
  try {
    const lines = Array.from({ length: opts.processes }, (_, p) => {
      const child = spawn(process.execPath, ['--import', 'tsx', worker], {
        env: {
          ...process.env,
          DATABASE_URL: opts.databaseUrl,
          RACE_DATE: opts.date,
          RACE_NOW: opts.now.toISOString(),
          RACE_FROM: String(1000 + p * opts.perProcess),
          RACE_COUNT: String(opts.perProcess),
        },
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
    for (const it of lines) mustBe(await next(it), 'ready');
    for (const child of children) child.stdin!.write('go\n');
    const outcomes = await Promise.all(lines.map(async (it) => JSON.parse(await next(it)) as string[]));
    await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : null)));
    return outcomes.flat();
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
  }
}

function mustBe(line: string, wanted: string): void {
  if (line !== wanted) throw new Error(`a race worker said ${JSON.stringify(line)}, not ${wanted}`);
}
