import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogueDocuments } from '../db/schema';
import type { WaitingListSettings } from '../../shared/contracts/waiting-list';

/** DECISIONS.md "Gift vouchers and waiting lists": an offer holds its places for 2 hours. */
export const DEFAULT_OFFER_HOURS = 2;

/**
 * The venue's waiting list settings: the catalogue document 'waiting_list' when an admin has stored one,
 * else 2 hours. A stored value outside 1-48 hours is brought back inside it.
 */
export async function waitingListSettings(db: Db): Promise<WaitingListSettings> {
  const [row] = await db
    .select({ value: catalogueDocuments.value })
    .from(catalogueDocuments)
    .where(eq(catalogueDocuments.key, 'waiting_list'));
  const stored = (row?.value ?? {}) as Partial<WaitingListSettings>;
  const hours = Number.isInteger(stored.offerHours) ? stored.offerHours! : DEFAULT_OFFER_HOURS;
  return { offerHours: Math.max(1, Math.min(hours, 48)) };
}
