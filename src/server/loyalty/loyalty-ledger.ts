import { eq, sql } from 'drizzle-orm';
import {
  levelFor,
  nextLevelFor,
  type LoyaltyMemberDto,
  type MemberLookupResponse,
} from '../../shared/contracts/loyalty';
import { rowsOf, type Db } from '../db/client';
import { loyaltyMembers, type loyaltyLedgerKinds } from '../db/schema';

/**
 * The points ledger's arithmetic, in one place (docs/decisions/008).
 * - current points (the balance) = the sum of every entry;
 * - total points earned = welcome + earn + achievement + reverse (a refund takes back what its booking
 *   earned, so it was never really earned); spending does not lower it, so redeeming never costs a level.
 */
const current = sql`coalesce(sum(points), 0)::int`;
const earned = sql`coalesce(sum(points) filter (where kind in ('welcome', 'earn', 'achievement', 'reverse')), 0)::int`;

export type Member = typeof loyaltyMembers.$inferSelect;
export type LedgerKind = (typeof loyaltyLedgerKinds)[number];
export type PointTotals = { currentPoints: number; totalPoints: number };

/**
 * Locks a member's row FOR UPDATE: every verb that spends or takes back points calls this first and
 * reads the balance in a NEW statement afterwards, since under READ COMMITTED a statement that waited
 * for the lock still sees the ledger as it was when it began (decision 004, same for credits).
 */
export async function lockMemberById(tx: Db, id: string): Promise<Member | null> {
  const [row] = await tx.select().from(loyaltyMembers).where(eq(loyaltyMembers.id, id)).for('update');
  return row ?? null;
}

export async function lockMemberByEmail(tx: Db, email: string): Promise<Member | null> {
  const [row] = await tx.select().from(loyaltyMembers).where(eq(loyaltyMembers.email, email)).for('update');
  return row ?? null;
}

export async function pointTotals(db: Db, memberId: string): Promise<PointTotals> {
  const [row] = rowsOf<PointTotals>(
    await db.execute(
      sql`select ${current} as "currentPoints", ${earned} as "totalPoints" from loyalty_ledger where member_id = ${memberId}`,
    ),
  );
  return row ?? { currentPoints: 0, totalPoints: 0 };
}

/**
 * Appends one entry; false when a unique index says it exists already (one welcome per member, one
 * earn and one reversal per booking or party payment, one award per achievement), which is what makes
 * awards idempotent.
 * Stamped by the database clock, so the history lists entries in the order they really happened.
 */
export async function appendLedgerEntry(
  tx: Db,
  e: {
    memberId: string;
    kind: LedgerKind;
    points: number;
    description: string;
    bookingId?: string | null;
    achievementId?: string | null;
    voucherId?: string | null;
    partyBookingId?: string | null;
    paymentId?: string | null;
  },
): Promise<boolean> {
  if (!Number.isInteger(e.points)) throw new Error(`loyalty entries move whole points, got ${e.points}`);
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      insert into loyalty_ledger (member_id, kind, points, description, booking_id, achievement_id, voucher_id,
        party_booking_id, payment_id)
      values (${e.memberId}, ${e.kind}, ${e.points}, ${e.description}, ${e.bookingId ?? null}, ${e.achievementId ?? null}, ${e.voucherId ?? null},
        ${e.partyBookingId ?? null}, ${e.paymentId ?? null})
      on conflict do nothing
      returning id`),
  );
  return rows.length > 0;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** What GET /api/loyalty/member shows: the first name only, points derived from the ledger. */
export async function memberView(db: Db, member: Member): Promise<MemberLookupResponse> {
  const totals = await pointTotals(db, member.id);
  const dto: LoyaltyMemberDto = {
    id: member.id,
    name: firstName(member.name),
    currentPoints: totals.currentPoints,
    totalPoints: totals.totalPoints,
    visitCount: member.visitCount,
    membershipLevel: levelFor(totals.totalPoints).id,
  };
  return { member: dto, nextLevel: nextLevelFor(totals.totalPoints) };
}
