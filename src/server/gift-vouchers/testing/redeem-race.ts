import { fileURLToPath } from 'node:url';
import { raceInChildProcesses } from '../../testing/race-in-processes';

const worker = fileURLToPath(new URL('./redeem-race-worker.ts', import.meta.url));

/**
 * Races `perProcess` redemptions of one voucher in each of `processes` child processes on one PostgreSQL
 * (redeem-race-worker.ts). Answers every attempt's outcome: the pence it spent, or the AppError code that
 * refused it.
 */
export async function redeemInProcesses(opts: {
  databaseUrl: string;
  code: string;
  pence: number;
  now: Date;
  processes: number;
  perProcess: number;
}): Promise<(number | string)[]> {
  const env = {
    DATABASE_URL: opts.databaseUrl,
    RACE_CODE: opts.code,
    RACE_PENCE: String(opts.pence),
    RACE_NOW: opts.now.toISOString(),
    RACE_COUNT: String(opts.perProcess),
  };
  return raceInChildProcesses(
    worker,
    Array.from({ length: opts.processes }, () => env),
  );
}
