import { eq } from 'drizzle-orm';
import type { AdminCatalogue } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { catalogueDocuments } from '../db/schema';
import { commitCatalogueEdit, notInCatalogue, STALE } from './admin-edit';

type DocumentKey = 'venue' | 'parties';

/**
 * An edit of one catalogue document ('venue', 'parties'): `next` makes the new document from the stored one
 * (and may refuse it); the row's version guards it like any other catalogue row.
 */
export async function editDocument<T>(opts: {
  db: Db;
  key: DocumentKey;
  version: number;
  actor: string;
  action: string;
  next: (stored: T) => T;
  now: Date;
}): Promise<void> {
  const { key } = opts;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: opts.action,
    subjectType: 'catalogue_document',
    subjectId: key,
    current: (all: AdminCatalogue) => all[key],
    change: async (tx) => {
      const [row] = await tx.select().from(catalogueDocuments).where(eq(catalogueDocuments.key, key)).for('update');
      if (!row) throw notInCatalogue(`${key} document`);
      if (row.version !== opts.version) return STALE;
      const before = row.value as T;
      const after = opts.next(before);
      await tx
        .update(catalogueDocuments)
        .set({ value: after, version: row.version + 1, updatedAt: opts.now })
        .where(eq(catalogueDocuments.key, key));
      return { before, after, result: undefined };
    },
  });
}
