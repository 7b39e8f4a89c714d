import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loyaltyRedemptionCodes } from '../db/schema';
import { AppError } from '../http/errors';

/** DECISIONS.md "Loyalty": a 6-digit code, 10 minutes, 5 tries. */
export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_TRIES = 5;
/** Codes a member may ask for per hour: caps both the mails sent to them and the guesses anyone gets. */
export const CODES_PER_HOUR = 5;

export function newRedemptionCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Stored keyed with the app secret: the code itself is only ever in the member's e-mail. */
export function hashRedemptionCode(secret: string, memberId: string, code: string): string {
  return createHmac('sha256', secret).update(`loyalty-code:${memberId}:${code}`).digest('base64url');
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function codesRequestedSince(tx: Db, memberId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(loyaltyRedemptionCodes)
    .where(and(eq(loyaltyRedemptionCodes.memberId, memberId), gt(loyaltyRedemptionCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function storeRedemptionCode(
  tx: Db,
  o: { secret: string; memberId: string; rewardId: string; code: string; now: Date },
): Promise<Date> {
  const expiresAt = new Date(o.now.getTime() + CODE_LIFETIME_MS);
  await tx.insert(loyaltyRedemptionCodes).values({
    memberId: o.memberId,
    rewardId: o.rewardId,
    codeHash: hashRedemptionCode(o.secret, o.memberId, o.code),
    expiresAt,
    createdAt: o.now,
  });
  return expiresAt;
}

export type CodeCheck = { ok: true; codeId: string } | { ok: false; error: AppError };
const refused = (code: string, message: string): CodeCheck => ({
  ok: false,
  error: new AppError(code, 400, message, { code: [message] }),
});

/**
 * Checks a typed code against the member's unused codes for this reward, under the member's lock.
 * Each code request stands alone (10 minutes, 5 tries). A wrong code counts a try against every code
 * still live, so asking for several codes never buys more guesses; the caller must commit that count
 * even though the redemption is refused.
 */
export async function checkRedemptionCode(
  tx: Db,
  o: { secret: string; memberId: string; rewardId: string; code: string; now: Date },
): Promise<CodeCheck> {
  const codes = await tx
    .select()
    .from(loyaltyRedemptionCodes)
    .where(
      and(
        eq(loyaltyRedemptionCodes.memberId, o.memberId),
        eq(loyaltyRedemptionCodes.rewardId, o.rewardId),
        isNull(loyaltyRedemptionCodes.usedAt),
        gt(loyaltyRedemptionCodes.createdAt, new Date(o.now.getTime() - 86_400_000)),
      ),
    )
    .orderBy(desc(loyaltyRedemptionCodes.createdAt));
  const isLive = (c: (typeof codes)[number]) => c.expiresAt > o.now && c.attempts < CODE_TRIES;
  const live = codes.filter(isLive);
  const hash = hashRedemptionCode(o.secret, o.memberId, o.code);
  const match = codes.find((c) => sameHash(c.codeHash, hash));
  if (match && isLive(match)) return { ok: true, codeId: match.id };
  if (match && match.attempts >= CODE_TRIES)
    return refused('too_many_attempts', 'Too many wrong tries for this code. Please ask for a new code.');
  if (match) return refused('code_expired', 'This code has expired. Please ask for a new code.');
  if (live.length === 0) {
    return codes.length === 0
      ? refused('invalid_code', 'That code is not right. Please ask for a new code.')
      : refused('code_expired', 'Your code has expired or been used up. Please ask for a new code.');
  }
  await tx
    .update(loyaltyRedemptionCodes)
    .set({ attempts: sql`${loyaltyRedemptionCodes.attempts} + 1` })
    .where(
      inArray(
        loyaltyRedemptionCodes.id,
        live.map((c) => c.id),
      ),
    );
  const left = CODE_TRIES - (live[0]!.attempts + 1);
  return left > 0
    ? refused('invalid_code', `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
    : refused('invalid_code', 'That code is not right. Please ask for a new code.');
}

export async function markCodeUsed(tx: Db, codeId: string, now: Date): Promise<void> {
  await tx.update(loyaltyRedemptionCodes).set({ usedAt: now }).where(eq(loyaltyRedemptionCodes.id, codeId));
}
