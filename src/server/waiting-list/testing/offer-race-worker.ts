/**
 * One process of the two-process offer race (offer-race.test.ts): once told to go, runs RACE_COUNT offer
 * passes at once and prints how many offers each made. Run as `node --import tsx offer-race-worker.ts`.
 */
import { runRaceWorker } from '../../testing/race-in-processes';
import { runOfferPass } from '../offer-pass';

await runRaceWorker('offer-race-worker', async (database, env) => async () => {
  const now = new Date(env('RACE_NOW'));
  return Promise.all(
    Array.from({ length: Number(env('RACE_COUNT')) }, () =>
      runOfferPass({ db: database.db, now, publicUrl: 'http://localhost:3000' }).then((r) => r.offered),
    ),
  );
});
