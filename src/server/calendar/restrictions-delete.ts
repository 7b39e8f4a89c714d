import { eq } from 'drizzle-orm';
import type { DeleteRestrictionResponse } from '../../shared/contracts/admin-calendar';
import type { Db } from '../db/client';
import { sessionRestrictions } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';

/** Unblocks: the slot is bookable again from the commit. The audit entry keeps what was removed. */
export async function deleteRestriction(opts: {
  db: Db;
  id: string;
  actor: string;
}): Promise<DeleteRestrictionResponse> {
  const { db, id, actor } = opts;
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(sessionRestrictions).where(eq(sessionRestrictions.id, id)).returning();
    if (!row) throw new AppError('not_found', 'That restriction no longer exists. Please refresh the list.');
    await writeAudit(tx, {
      actor,
      action: 'session_unblocked',
      subjectType: 'session_restriction',
      subjectId: id,
      details: {
        date: row.date,
        sessionId: row.sessionId,
        reason: row.reason,
        description: row.description,
        createdBy: row.createdBy,
      },
    });
    return { success: true, id };
  });
}
