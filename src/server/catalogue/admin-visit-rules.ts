import type { z } from 'zod';
import type { visitRulesEditSchema } from '../../shared/contracts/catalogue';
import type { VisitRulesDocument } from '../../shared/visit-rules';
import type { Db } from '../db/client';
import { commitCatalogueEdit, STALE } from './admin-edit';
import { lockDocumentAt, writeDocument } from './defaulted-document';
import { VISIT_RULES_KEY, withVisitRulesDefaults } from './visit-rules-defaults';

/**
 * The credit bundle, parking, house rules and what to bring (issue 25): the parts sent replace theirs, the
 * rest stay. A database from before the document has no row: the first edit (version 0) stores the
 * defaults as its "before" and the edit on top, so its audit entry shows what changed like any other.
 */
export async function editVisitRules(opts: {
  db: Db;
  input: z.infer<typeof visitRulesEditSchema>;
  actor: string;
  now: Date;
}): Promise<void> {
  const { version, ...parts } = opts.input;
  await commitCatalogueEdit({
    db: opts.db,
    actor: opts.actor,
    action: 'catalogue.visit_rules_edited',
    subjectType: 'catalogue_document',
    subjectId: VISIT_RULES_KEY,
    current: (all) => all.visitRules,
    change: async (tx) => {
      const locked = await lockDocumentAt(tx, {
        key: VISIT_RULES_KEY,
        version,
        defaults: () => withVisitRulesDefaults(null),
        now: opts.now,
      });
      if (locked === STALE) return STALE;
      const before = withVisitRulesDefaults(locked.value as Partial<VisitRulesDocument>);
      const after: VisitRulesDocument = {
        creditBundle: parts.creditBundle ?? before.creditBundle,
        parking: parts.parking ?? before.parking,
        visitTerms: parts.visitTerms ?? before.visitTerms,
        whatToBring: parts.whatToBring ?? before.whatToBring,
      };
      await writeDocument(tx, { key: VISIT_RULES_KEY, version, value: after, now: opts.now });
      return { before, after, result: undefined };
    },
  });
}
