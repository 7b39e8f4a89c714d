import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { visitRulesEditSchema } from '../../shared/contracts/catalogue';
import type { VisitRulesDocument } from '../../shared/visit-rules';
import type { Db } from '../db/client';
import { catalogueDocuments } from '../db/schema';
import { commitCatalogueEdit, STALE } from './admin-edit';
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
      // Only an edit made from the defaults stores them first (a stale one writes nothing). Two such edits at
      // once: one inserts, the other's insert does nothing, its lock waits below and it finds version 1.
      if (version === 0)
        await tx
          .insert(catalogueDocuments)
          .values({ key: VISIT_RULES_KEY, value: withVisitRulesDefaults(null), version: 0, updatedAt: opts.now })
          .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(catalogueDocuments)
        .where(eq(catalogueDocuments.key, VISIT_RULES_KEY))
        .for('update');
      if (!row || row.version !== version) return STALE;
      const before = withVisitRulesDefaults(row.value as Partial<VisitRulesDocument>);
      const after: VisitRulesDocument = {
        creditBundle: parts.creditBundle ?? before.creditBundle,
        parking: parts.parking ?? before.parking,
        visitTerms: parts.visitTerms ?? before.visitTerms,
        whatToBring: parts.whatToBring ?? before.whatToBring,
      };
      await tx
        .update(catalogueDocuments)
        .set({ value: after, version: row.version + 1, updatedAt: opts.now })
        .where(eq(catalogueDocuments.key, VISIT_RULES_KEY));
      return { before, after, result: undefined };
    },
  });
}
