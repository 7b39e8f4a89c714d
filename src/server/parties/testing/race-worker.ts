/**
 * One process of the two-process party race (parties.test.ts): reads the catalogue, and once told to go
 * sends RACE_COUNT holds for RACE_DATE's midday slot at once, from families RACE_FROM onwards, and prints
 * each one's outcome ('no error' for a hold). Run as `node --import tsx race-worker.ts`.
 */
import { catalogueOf } from '../../catalogue/catalogue-store';
import { runRaceWorker } from '../../testing/race-in-processes';
import { holdParty } from '../hold-party';
import { codeOf, partyRequest } from './party-fixtures';

await runRaceWorker('race-worker', async (database, env) => {
  const catalogue = await catalogueOf(database.db);
  return async () => {
    const from = Number(env('RACE_FROM'));
    const now = new Date(env('RACE_NOW'));
    return Promise.all(
      Array.from({ length: Number(env('RACE_COUNT')) }, (_, i) =>
        codeOf(holdParty(database.db, partyRequest(from + i, { date: env('RACE_DATE') }), now, catalogue)),
      ),
    );
  };
});
