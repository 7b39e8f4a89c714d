import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * Records a change staff made (DECISIONS.md: block a slot, check someone out, mark an inquiry,
 * refund). Pass the transaction that makes the change, so the entry exists exactly when it does.
 */
export async function writeAudit(
  tx: Db,
  entry: { actor: string; action: string; subjectType: string; subjectId: string; details?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
