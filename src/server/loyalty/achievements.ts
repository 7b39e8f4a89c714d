import { and, eq } from 'drizzle-orm';
import { normaliseLoyaltyEmail, type AchievementId } from '../../shared/contracts/loyalty';
import { loyaltyProgramme } from '../../shared/venue';
import type { Db } from '../db/client';
import { loyaltyLedger, loyaltyMembers } from '../db/schema';
import { appendLedgerEntry, lockMemberByEmail } from './loyalty-ledger';

const achievement = (id: AchievementId) => loyaltyProgramme.achievements.find((a) => a.id === id)!;

/** Awards an achievement's points once per member (unique index); true when this call awarded it. */
async function awardAchievement(tx: Db, memberId: string, id: AchievementId): Promise<boolean> {
  const a = achievement(id);
  return appendLedgerEntry(tx, {
    memberId,
    kind: 'achievement',
    achievementId: id,
    points: a.pointsReward,
    description: `Achievement unlocked: ${a.title}`,
  });
}

/**
 * Counts a visit at check-in (DECISIONS.md "Loyalty"), inside the check-in's transaction: once per
 * booking (a 0-point 'visit' entry, checked under the member's lock), then First Steps at the first
 * visit and Regular Visitor at the fifth. An address with no membership is left alone.
 */
export async function recordLoyaltyVisit(o: {
  tx: Db;
  email: string;
  bookingId: string;
}): Promise<{ counted: boolean; visitCount: number; awarded: AchievementId[] }> {
  const { tx } = o;
  const member = await lockMemberByEmail(tx, normaliseLoyaltyEmail(o.email));
  if (!member) return { counted: false, visitCount: 0, awarded: [] };
  const [seen] = await tx
    .select({ id: loyaltyLedger.id })
    .from(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.memberId, member.id),
        eq(loyaltyLedger.kind, 'visit'),
        eq(loyaltyLedger.bookingId, o.bookingId),
      ),
    );
  if (seen) return { counted: false, visitCount: member.visitCount, awarded: [] };

  await appendLedgerEntry(tx, {
    memberId: member.id,
    kind: 'visit',
    points: 0,
    bookingId: o.bookingId,
    description: 'Visit checked in',
  });
  const visitCount = member.visitCount + 1;
  await tx.update(loyaltyMembers).set({ visitCount }).where(eq(loyaltyMembers.id, member.id));
  const awarded: AchievementId[] = [];
  if (visitCount >= 1 && (await awardAchievement(tx, member.id, 'first-steps'))) awarded.push('first-steps');
  if (visitCount >= 5 && (await awardAchievement(tx, member.id, 'regular-visitor'))) awarded.push('regular-visitor');
  return { counted: true, visitCount, awarded };
}

/** Party Host, once, when staff mark a member's first party as booked. No membership: nothing. */
export async function awardPartyHost(o: { tx: Db; email: string }): Promise<{ awarded: boolean }> {
  const member = await lockMemberByEmail(o.tx, normaliseLoyaltyEmail(o.email));
  if (!member) return { awarded: false };
  return { awarded: await awardAchievement(o.tx, member.id, 'party-host') };
}
