/**
 * One process of the two-process race for an event's last place (event-holds.test.ts): once told to go,
 * every admission token it was given tries to hold one place at once; prints each outcome ('held' or the
 * error code). Run as `node --import tsx hold-race-worker.ts`.
 */
import { AppError } from '../../http/errors';
import { createTestProvider } from '../../payments/test-provider';
import { SellerRegistry } from '../../payments/sellers';
import { runRaceWorker } from '../../testing/race-in-processes';
import { holdEventPlaces } from '../hold-places';

await runRaceWorker('hold-race-worker', async (database, env) => {
  const tokens = JSON.parse(env('RACE_TOKENS')) as string[];
  const deps = {
    db: database.db,
    provider: createTestProvider(database.db),
    sellers: new SellerRegistry(),
    publicUrl: 'http://localhost:3000',
  };
  return () =>
    Promise.all(
      tokens.map((admission, i) =>
        holdEventPlaces({
          ...deps,
          eventId: env('RACE_EVENT'),
          input: { admission, slotId: env('RACE_SLOT'), children: [{ firstName: 'Ada', age: 4, note: '' }], adults: 0 },
          email: `${env('RACE_NAME')}-${i}@example.com`,
          now: new Date(env('RACE_NOW')),
        }).then(
          () => 'held',
          (err: unknown) => (err instanceof AppError ? err.code : String(err)),
        ),
      ),
    );
});
