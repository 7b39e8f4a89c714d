/**
 * One process of the two-process gift voucher race (gift-voucher-redeem.test.ts): once told to go, tries
 * RACE_COUNT redemptions of RACE_PENCE each on RACE_CODE at once, each in its own transaction, and prints
 * what each spent (or its error code). Run as `node --import tsx redeem-race-worker.ts`.
 */
import { AppError } from '../../http/errors';
import { runRaceWorker } from '../../testing/race-in-processes';
import { redeemGiftVoucher } from '../voucher-ledger';

await runRaceWorker('redeem-race-worker', async (database, env) => async () => {
  const now = new Date(env('RACE_NOW'));
  return Promise.all(
    Array.from({ length: Number(env('RACE_COUNT')) }, () =>
      database.db
        .transaction((tx) =>
          redeemGiftVoucher(tx, { code: env('RACE_CODE'), amountPence: Number(env('RACE_PENCE')), now }),
        )
        .then((r) => r.spentPence)
        .catch((err: unknown) => (err instanceof AppError ? err.code : String(err))),
    ),
  );
});
