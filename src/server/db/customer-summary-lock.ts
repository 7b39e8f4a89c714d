import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Advisory lock class of the writers below (pending-payment-cap.ts uses 7301-7304). */
const BULK_ADDRESS_CHANGES = 7305;

/**
 * The customer summary (migration 0013) is kept in 16 shard rows, updated by triggers as bookings and
 * credit purchases change. A booking touches one shard; but a statement that rewrites many families'
 * addresses at once (a retention batch, an erasure: old address out, placeholder in) updates several
 * shards in no fixed order, and two such at the same moment could deadlock. Each takes this
 * transaction-scoped lock first, so they run one after another; bookings never need it.
 */
export async function lockBulkAddressChanges(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BULK_ADDRESS_CHANGES}::int, 0)`);
}
