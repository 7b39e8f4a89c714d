/**
 * One process of the two-process gift voucher race (gift-voucher-redeem.test.ts): opens its own pool on
 * DATABASE_URL, says "ready", waits for a line on stdin, then tries RACE_COUNT redemptions of RACE_PENCE
 * each on RACE_CODE at once, each in its own transaction, and prints what each spent (or its error code)
 * as a JSON array. Run as `node --import tsx redeem-race-worker.ts`.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { openDatabase } from '../../db/client';
import { AppError } from '../../http/errors';
import { redeemGiftVoucher } from '../voucher-ledger';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`redeem-race-worker needs ${name}`);
  return value;
};

const database = await openDatabase({ databaseUrl: env('DATABASE_URL') });
try {
  const lines = createInterface({ input: process.stdin });
  process.stdout.write('ready\n');
  await once(lines, 'line');
  const now = new Date(env('RACE_NOW'));
  const outcomes = await Promise.all(
    Array.from({ length: Number(env('RACE_COUNT')) }, () =>
      database.db
        .transaction((tx) =>
          redeemGiftVoucher(tx, { code: env('RACE_CODE'), amountPence: Number(env('RACE_PENCE')), now }),
        )
        .then((r) => r.spentPence)
        .catch((err: unknown) => (err instanceof AppError ? err.code : String(err))),
    ),
  );
  process.stdout.write(`${JSON.stringify(outcomes)}\n`);
  lines.close();
} finally {
  await database.close();
}
