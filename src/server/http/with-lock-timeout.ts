import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pgErrorCode } from '../db/pg-error';
import { AppError } from './errors';

/**
 * A transaction that waits at most `seconds` for a row lock. A busy booking answers 503 (`busy`), so a
 * webhook sender retries later instead of piling up connections behind one lock.
 */
export async function transactionWithLockTimeout<T>(db: Db, fn: (tx: Db) => Promise<T>, seconds = 5): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${Math.round(seconds * 1000)}ms'`));
      return fn(tx as unknown as Db);
    });
  } catch (err) {
    if (pgErrorCode(err) === '55P03') throw new AppError('busy', 'This booking is busy. Please try again in a moment.');
    throw err;
  }
}
