import { eq } from 'drizzle-orm';
import type { MarkRespondedResponse } from '../../shared/contracts/admin-inquiries';
import type { Db } from '../db/client';
import { inquiries } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';

export const inquiryNotFound = () =>
  new AppError('not_found', 'That enquiry no longer exists. Please refresh the list.');

/**
 * Marks an enquiry (contact or party) as answered. Idempotent: a second click, or two members of
 * staff at once, change nothing more and write no second audit entry (the row is locked first).
 */
export async function markInquiryResponded(opts: {
  db: Db;
  id: string;
  actor: string;
  now: Date;
}): Promise<MarkRespondedResponse> {
  const { db, id, actor, now } = opts;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ responded: inquiries.responded, respondedAt: inquiries.respondedAt, source: inquiries.source })
      .from(inquiries)
      .where(eq(inquiries.id, id))
      .for('update');
    if (!row) throw inquiryNotFound();
    if (row.responded && row.respondedAt)
      return { success: true, id, responded: true, respondedAt: row.respondedAt.toISOString(), alreadyResponded: true };
    await tx.update(inquiries).set({ responded: true, respondedAt: now }).where(eq(inquiries.id, id));
    await writeAudit(tx, {
      actor,
      action: 'inquiry_marked_responded',
      subjectType: 'inquiry',
      subjectId: id,
      details: { source: row.source },
    });
    return { success: true, id, responded: true, respondedAt: now.toISOString(), alreadyResponded: false };
  });
}
