import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogueDocuments } from '../db/schema';
import { MAX_OFFER_HOURS, MIN_OFFER_HOURS, type WaitingListSettings } from '../../shared/contracts/waiting-list';

/** DECISIONS.md "Gift vouchers and waiting lists": an offer holds its places for 2 hours. */
export const DEFAULT_OFFER_HOURS = 2;

/** The key of the document in catalogue_documents: not stored until an admin first edits it. */
export const WAITING_LIST_KEY = 'waiting_list';

/** A stored document (or none) as the settings in force: 2 hours unless set, a value outside 1-48 brought inside. */
export function withWaitingListDefaults(stored: unknown): WaitingListSettings {
  const { offerHours } = (stored ?? {}) as Partial<WaitingListSettings>;
  const hours = Number.isInteger(offerHours) ? offerHours! : DEFAULT_OFFER_HOURS;
  return { offerHours: Math.max(MIN_OFFER_HOURS, Math.min(hours, MAX_OFFER_HOURS)) };
}

/** The document as the admin catalogue shows it: version 0 while never stored. */
export function waitingListOf(row: { value: unknown; version: number } | undefined): {
  value: WaitingListSettings;
  version: number;
} {
  return { value: withWaitingListDefaults(row?.value), version: row?.version ?? 0 };
}

/**
 * The venue's waiting list settings: the catalogue document 'waiting_list' when an admin has stored one,
 * else 2 hours. Read from the database, not the in-memory catalogue: an edit counts from the next offer.
 */
export async function waitingListSettings(db: Db): Promise<WaitingListSettings> {
  const [row] = await db
    .select({ value: catalogueDocuments.value })
    .from(catalogueDocuments)
    .where(eq(catalogueDocuments.key, WAITING_LIST_KEY));
  return withWaitingListDefaults(row?.value);
}
