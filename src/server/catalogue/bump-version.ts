import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Every catalogue edit calls this in its own transaction: each process compares catalogue_state.version
 * with its in-memory copy at most once a second (catalogue-store.ts), so the edit reaches them all
 * without a restart. The row update also serialises concurrent edits' version numbers.
 */
export async function bumpCatalogueVersion(tx: Db): Promise<void> {
  await tx.execute(sql`update catalogue_state set version = version + 1`);
}
