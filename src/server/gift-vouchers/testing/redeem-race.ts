import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const worker = fileURLToPath(new URL('./redeem-race-worker.ts', import.meta.url));

/**
 * Races `perProcess` redemptions of one voucher in each of `processes` child processes on one PostgreSQL:
 * every process opens its pool and says ready, then all are told to go at once. Answers every attempt's
 * outcome: the pence it spent, or the AppError code that refused it.
 */
export async function redeemInProcesses(opts: {
  databaseUrl: string;
  code: string;
  pence: number;
  now: Date;
  processes: number;
  perProcess: number;
}): Promise<(number | string)[]> {
  const children: ChildProcess[] = [];
  try {
    const lines = Array.from({ length: opts.processes }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', worker], {
        env: {
          ...process.env,
          DATABASE_URL: opts.databaseUrl,
          RACE_CODE: opts.code,
          RACE_PENCE: String(opts.pence),
          RACE_NOW: opts.now.toISOString(),
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
    for (const it of lines) if ((await next(it)) !== 'ready') throw new Error('a race worker did not say ready');
    for (const child of children) child.stdin!.write('go\n');
    const outcomes = await Promise.all(lines.map(async (it) => JSON.parse(await next(it)) as (number | string)[]));
    await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : null)));
    return outcomes.flat();
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill();
  }
}
