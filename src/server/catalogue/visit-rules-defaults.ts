import type { VisitRulesDocument } from '../../shared/visit-rules';
import { seedVisitRulesDocument } from './seed-data';

/** The key of the visit rules document in catalogue_documents (issue 25). */
export const VISIT_RULES_KEY = 'visit_rules';

/**
 * The stored document with any part it lacks defaulted to today's values: a database from before issue 25
 * has none (version 0) and needs nothing written; its first edit stores it.
 */
export function withVisitRulesDefaults(stored: Partial<VisitRulesDocument> | null | undefined): VisitRulesDocument {
  const s = stored ?? {};
  const d = seedVisitRulesDocument;
  return {
    creditBundle: { ...d.creditBundle, ...s.creditBundle },
    parking: { ...d.parking, ...s.parking },
    visitTerms: [...(s.visitTerms ?? d.visitTerms)],
    whatToBring: [...(s.whatToBring ?? d.whatToBring)],
  };
}

export function visitRulesOf(row: { value: unknown; version: number } | undefined): {
  value: VisitRulesDocument;
  version: number;
} {
  return { value: withVisitRulesDefaults(row?.value as Partial<VisitRulesDocument>), version: row?.version ?? 0 };
}
