import { fileURLToPath } from 'node:url';
import { raceInChildProcesses } from '../../testing/race-in-processes';

const worker = fileURLToPath(new URL('./race-worker.ts', import.meta.url));

/**
 * Races `perProcess` party holds in each of `processes` child processes on one PostgreSQL (race-worker.ts),
 * each process's families numbered on from the last. Answers every hold's outcome ('no error' for a hold,
 * else the AppError code).
 */
export async function raceInProcesses(opts: {
  databaseUrl: string;
  date: string;
  now: Date;
  processes: number;
  perProcess: number;
}): Promise<string[]> {
  return raceInChildProcesses(
    worker,
    Array.from({ length: opts.processes }, (_, p) => ({
      DATABASE_URL: opts.databaseUrl,
      RACE_DATE: opts.date,
      RACE_NOW: opts.now.toISOString(),
      RACE_FROM: String(1000 + p * opts.perProcess),
      RACE_COUNT: String(opts.perProcess),
    })),
  );
}
