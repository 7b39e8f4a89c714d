/**
 * One process of the two-process party race (parties.test.ts): opens its own pool on DATABASE_URL, says
 * "ready", waits for a line on stdin, then sends RACE_COUNT holds for RACE_DATE's midday slot at once,
 * from families RACE_FROM onwards, and prints each one's outcome as a JSON array ('no error' for a hold).
 * Run as `node --import tsx race-worker.ts`.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { catalogueOf } from '../../catalogue/catalogue-store';
import { openDatabase } from '../../db/client';
import { holdParty } from '../hold-party';
import { codeOf, partyRequest } from './party-fixtures';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`race-worker needs ${name}`);
  return value;
};

const database = await openDatabase({ databaseUrl: env('DATABASE_URL') });
try {
  const catalogue = await catalogueOf(database.db);
  const lines = createInterface({ input: process.stdin });
  process.stdout.write('ready\n');
  await once(lines, 'line');
  const from = Number(env('RACE_FROM'));
  const now = new Date(env('RACE_NOW'));
  const outcomes = await Promise.all(
    Array.from({ length: Number(env('RACE_COUNT')) }, (_, i) =>
      codeOf(holdParty(database.db, partyRequest(from + i, { date: env('RACE_DATE') }), now, catalogue)),
    ),
  );
  process.stdout.write(`${JSON.stringify(outcomes)}\n`);
  lines.close();
} finally {
  await database.close();
}
