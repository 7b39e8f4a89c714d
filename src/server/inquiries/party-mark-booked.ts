import { eq } from 'drizzle-orm';
import type { MarkPartyBookedResponse } from '../../shared/contracts/admin-inquiries';
import type { Db } from '../db/client';
import { inquiries } from '../db/schema';
import { AppError } from '../http/errors';
import { awardPartyHost } from '../loyalty/achievements';
import { writeAudit } from '../staff/audit';
import { inquiryNotFound } from './inquiries-mark-responded';

/**
 * Staff confirm that a party enquiry became a booked party (bookings are arranged by phone and
 * invoice, not online). Sets party_booked_at once, and marks the enquiry answered: a booked party
 * has had its reply. Idempotent under the row lock.
 */
export async function markPartyBooked(opts: {
  db: Db;
  id: string;
  actor: string;
  now: Date;
}): Promise<MarkPartyBookedResponse> {
  const { db, id, actor, now } = opts;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        source: inquiries.source,
        email: inquiries.email,
        partyBookedAt: inquiries.partyBookedAt,
        responded: inquiries.responded,
      })
      .from(inquiries)
      .where(eq(inquiries.id, id))
      .for('update');
    if (!row) throw inquiryNotFound();
    if (row.source !== 'party')
      throw new AppError('not_a_party', 'Only a birthday party enquiry can be marked as a booked party.');
    if (row.partyBookedAt)
      return { success: true, id, partyBookedAt: row.partyBookedAt.toISOString(), alreadyBooked: true };
    await tx
      .update(inquiries)
      .set({ partyBookedAt: now, ...(row.responded ? {} : { responded: true, respondedAt: now }) })
      .where(eq(inquiries.id, id));
    await writeAudit(tx, { actor, action: 'party_marked_booked', subjectType: 'inquiry', subjectId: id });
    // The one place a party becomes booked (once per enquiry, in this transaction).
    await awardPartyHost({ tx, email: row.email });
    return { success: true, id, partyBookedAt: now.toISOString(), alreadyBooked: false };
  });
}
