import { and, desc, eq, ne } from 'drizzle-orm';
import {
  achievementCategories,
  type AchievementDto,
  type LoyaltyTransactionDto,
  type MemberLookupResponse,
} from '../../shared/contracts/loyalty';
import { loyaltyProgramme } from '../../shared/venue';
import type { Db } from '../db/client';
import { loyaltyLedger, loyaltyMembers } from '../db/schema';
import { AppError } from '../http/errors';
import { memberView, type Member } from './loyalty-ledger';

const notFound = () => new AppError('not_found', 'Member not found');

async function memberById(db: Db, id: string): Promise<Member> {
  const [m] = await db.select().from(loyaltyMembers).where(eq(loyaltyMembers.id, id));
  if (!m) throw notFound();
  return m;
}

/** GET /api/loyalty/member/{email}: 404 JSON when the address has no membership. */
export async function lookupMember(db: Db, email: string): Promise<MemberLookupResponse> {
  const [m] = await db.select().from(loyaltyMembers).where(eq(loyaltyMembers.email, email));
  if (!m) throw notFound();
  return memberView(db, m);
}

/** GET /api/loyalty/transactions?memberId=: newest first; visit markers carry no points and are left out. */
export async function listTransactions(db: Db, memberId: string): Promise<LoyaltyTransactionDto[]> {
  await memberById(db, memberId);
  const rows = await db
    .select()
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.memberId, memberId), ne(loyaltyLedger.kind, 'visit')))
    .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.seq))
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    description: r.description,
    points: r.points,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** GET /api/loyalty/achievements[?memberId=]: every achievement, marked earned for a member. */
export async function listAchievements(db: Db, memberId?: string): Promise<AchievementDto[]> {
  const earned = new Set<string>();
  if (memberId) {
    await memberById(db, memberId);
    const rows = await db
      .select({ achievementId: loyaltyLedger.achievementId })
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.memberId, memberId), eq(loyaltyLedger.kind, 'achievement')));
    for (const r of rows) if (r.achievementId) earned.add(r.achievementId);
  }
  return loyaltyProgramme.achievements.map((a) => ({
    ...a,
    category: achievementCategories[a.id],
    earned: earned.has(a.id),
  }));
}
