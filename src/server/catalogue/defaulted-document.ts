import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogueDocuments } from '../db/schema';
import { STALE } from './admin-edit';

/**
 * A catalogue document a database may never have stored (visit rules, the waiting list, party booking):
 * read in code with its defaults until an admin first edits it. The editor was shown `version` (0 for the
 * defaults): only an edit made from the defaults stores them first, so a stale edit writes nothing and the
 * first edit's audit entry shows the defaults as its "before". Two first edits at once: one inserts, the
 * other's insert does nothing, its lock waits below and it finds version 1 (stale).
 * Answers the stored value, locked until the transaction ends, or STALE.
 */
export async function lockDocumentAt(
  tx: Db,
  o: { key: string; version: number; defaults: () => unknown; now: Date },
): Promise<{ value: unknown } | typeof STALE> {
  if (o.version === 0)
    await tx
      .insert(catalogueDocuments)
      .values({ key: o.key, value: o.defaults(), version: 0, updatedAt: o.now })
      .onConflictDoNothing();
  const [row] = await tx.select().from(catalogueDocuments).where(eq(catalogueDocuments.key, o.key)).for('update');
  return row && row.version === o.version ? { value: row.value } : STALE;
}

/** The document's new value, one version on from the one lockDocumentAt locked. */
export async function writeDocument(tx: Db, o: { key: string; version: number; value: unknown; now: Date }) {
  await tx
    .update(catalogueDocuments)
    .set({ value: o.value, version: o.version + 1, updatedAt: o.now })
    .where(eq(catalogueDocuments.key, o.key));
}
