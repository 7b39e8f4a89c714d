import type { WaitingListEditInput, WaitingListSettings } from '../../shared/contracts/waiting-list';
import type { Db } from '../db/client';
import { WAITING_LIST_KEY, withWaitingListDefaults } from './waiting-list-settings';
import { commitCatalogueEdit, STALE } from './admin-edit';
import { lockDocumentAt, writeDocument } from './defaulted-document';

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
      const locked = await lockDocumentAt(tx, {
        key: WAITING_LIST_KEY,
        version,
        defaults: () => withWaitingListDefaults(null),
        now: opts.now,
      });
      if (locked === STALE) return STALE;
      const before = withWaitingListDefaults(locked.value);
      const after: WaitingListSettings = { offerHours };
      await writeDocument(tx, { key: WAITING_LIST_KEY, version, value: after, now: opts.now });
      return { before, after, result: undefined };
    },
  });
}
