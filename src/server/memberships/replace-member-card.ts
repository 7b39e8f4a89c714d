import { eq } from 'drizzle-orm';
import type { ReplaceCardResponse } from '../../shared/contracts/memberships';
import type { Db } from '../db/client';
import { memberships } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';
import { cardWorks } from './member-card';
import { lockMembership } from './membership-rows';

/**
 * POST /api/family/memberships/:id/replace-card (issue 46 "Nothing kept for ever"): a lost or shared card is
 * replaced by a new one. The card version moves on under the membership's lock, so the old card stops at once: a
 * scan, an offer or a walk-in with it finds nothing (member-card.ts membershipIdOfCard compares the version), and the
 * kiosk's next day list carries the new card only. The family's session proves the family; another family's id (or
 * a guessed one) is the same 404; a membership whose card does not work (paused, over, unpaid) is a 409.
 */
export async function replaceMemberCard(o: {
  db: Db;
  email: string;
  id: string;
  now: Date;
}): Promise<ReplaceCardResponse> {
  return o.db.transaction(async (tx) => {
    const m = await lockMembership(tx, o.id);
    if (!m || m.email !== o.email) throw new AppError('not_found', 'No such membership.');
    if (!cardWorks(m.status))
      throw new AppError('membership_state', 'This membership has no working card to replace just now.');
    await tx
      .update(memberships)
      .set({ cardVersion: m.cardVersion + 1, updatedAt: o.now })
      .where(eq(memberships.id, m.id));
    await writeAudit(tx, {
      actor: 'family',
      action: 'membership.card_replaced',
      subjectType: 'membership',
      subjectId: m.id,
      details: { cardVersion: m.cardVersion + 1 },
    });
    return { replaced: true, message: 'Your new member card is ready. The old one no longer works.' };
  });
}
