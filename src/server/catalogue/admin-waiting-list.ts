import { eq } from 'drizzle-orm';
import type { WaitingListEditInput, WaitingListSettings } from '../../shared/contracts/waiting-list';
import type { Db } from '../db/client';
import { catalogueDocuments } from '../db/schema';
import { WAITING_LIST_KEY, withWaitingListDefaults } from '../waiting-list/waiting-list-settings';
import { commitCatalogueEdit, STALE } from './admin-edit';

/**
 * How long a waiting list offer holds its places (1-48 hours): offers made from now on use it, one already
 * made keeps its end. As with the visit rules, a database that never stored the document has no row: the
 * first edit (version 0) stores the default as its "before", so its audit entry shows what changed.
 */
export async function editWaitingList(opts: {
  db: Db;
  input: WaitingListEditInput;
  actor: string;
  now: Date;
}): Promise<void> {
  const { version, offerHours } = opts.input;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.waiting_list_edited',
    subjectType: 'catalogue_document',
    subjectId: WAITING_LIST_KEY,
    current: (all) => all.waitingList,
    change: async (tx) => {
      // Two first edits at once: one inserts, the other's insert does nothing and it finds version 1 below.
      if (version === 0)
        await tx
          .insert(catalogueDocuments)
          .values({ key: WAITING_LIST_KEY, value: withWaitingListDefaults(null), version: 0, updatedAt: opts.now })
          .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(catalogueDocuments)
        .where(eq(catalogueDocuments.key, WAITING_LIST_KEY))
        .for('update');
      if (!row || row.version !== version) return STALE;
      const before = withWaitingListDefaults(row.value);
      const after: WaitingListSettings = { offerHours };
      await tx
        .update(catalogueDocuments)
        .set({ value: after, version: row.version + 1, updatedAt: opts.now })
        .where(eq(catalogueDocuments.key, WAITING_LIST_KEY));
      return { before, after, result: undefined };
    },
  });
}
