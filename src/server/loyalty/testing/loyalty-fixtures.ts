import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreateBookingInput } from '../../../shared/contracts/booking';
import type { RewardId } from '../../../shared/contracts/loyalty';
import { bookingPayload, payWith, postJson } from '../../bookings/testing/booking-fixtures';
import { rowsOf, type Db } from '../../db/client';
import { loyaltyLedger, loyaltyMembers, loyaltyRedemptionCodes, loyaltyVouchers } from '../../db/schema';
import { familyCookieFor } from '../../families/testing/family-fixtures';

/** Books through POST /api/create-booking-payment and pays with the TEST MODE card 4242. */
export async function bookAndPay(
  app: FastifyInstance,
  overrides: Partial<CreateBookingInput> = {},
  /** A family session cookie, for a booking that spends the family's session credits. */
  cookie?: string,
): Promise<{ bookingId: string; clientSecret: string }> {
  const created = await postJson(app, '/api/create-booking-payment', bookingPayload(overrides), cookie);
  if (created.statusCode !== 201) throw new Error(`booking refused: ${created.statusCode} ${created.body}`);
  const body = created.json() as { bookingId: string; clientSecret: string };
  if (body.clientSecret) {
    const paid = await payWith(app, body.clientSecret);
    if (paid.json().status !== 'succeeded') throw new Error(`payment failed: ${paid.body}`);
  }
  return body;
}

export const getJson = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A family session for the member's address (for an unknown member, one of an address with no membership). */
export async function cookieForMember(db: Db, memberId: string): Promise<string> {
  const [m] = UUID.test(memberId)
    ? await db.select({ email: loyaltyMembers.email }).from(loyaltyMembers).where(eq(loyaltyMembers.id, memberId))
    : [];
  return familyCookieFor(db, m?.email ?? 'nobody@example.com');
}

/** GET as the family the URL is about (its /member/{email} or ?memberId=), with a family session for it. */
export async function getAsFamily(app: FastifyInstance, db: Db, url: string) {
  const email = /\/api\/loyalty\/member\/([^/?]+)/.exec(url)?.[1];
  const memberId = /memberId=([^&]+)/.exec(url)?.[1];
  const cookie = email
    ? await familyCookieFor(db, decodeURIComponent(email))
    : await cookieForMember(db, memberId ?? '');
  return app.inject({ method: 'GET', url, headers: { cookie } });
}
export const memberUrl = (email: string) => `/api/loyalty/member/${encodeURIComponent(email)}`;

/** The member's ledger in order, as kind:points. */
export async function ledgerOf(db: Db, email: string): Promise<string[]> {
  const rows = await db
    .select({ kind: loyaltyLedger.kind, points: loyaltyLedger.points })
    .from(loyaltyLedger)
    .innerJoin(loyaltyMembers, eq(loyaltyMembers.id, loyaltyLedger.memberId))
    .where(eq(loyaltyMembers.email, email))
    .orderBy(loyaltyLedger.createdAt, loyaltyLedger.seq);
  return rows.map((r) => `${r.kind}:${r.points}`);
}

/** A member with `points` already earned, written straight to the database. */
export async function seedMember(db: Db, email: string, points: number, name = 'Seeded Member'): Promise<string> {
  const [m] = await db.insert(loyaltyMembers).values({ email, name }).returning();
  if (points)
    await db.insert(loyaltyLedger).values({ memberId: m!.id, kind: 'earn', points, description: 'Seeded points' });
  return m!.id;
}

/**
 * An unused row of loyalty_redemption_codes, as the older e-mailed redemption code step left them: no
 * route writes them any more, but the privacy export and erasure still cover the table's old rows.
 */
export async function seedCode(db: Db, memberId: string, rewardId: RewardId, code: string, now: Date): Promise<void> {
  await db.insert(loyaltyRedemptionCodes).values({
    memberId,
    rewardId,
    codeHash: `test-hash-${code}`,
    expiresAt: new Date(now.getTime() + 10 * 60_000),
    createdAt: now,
  });
}

/** The lowest balance any prefix of the member's ledger ever showed. */
export async function lowestBalance(db: Db, memberId: string): Promise<number> {
  const [row] = rowsOf<{ lowest: number | null }>(
    await db.execute(
      sql`select min(running)::int as lowest from (select sum(points) over (order by created_at, seq rows unbounded preceding) as running from loyalty_ledger where member_id = ${memberId}) r`,
    ),
  );
  return row?.lowest ?? 0;
}

/** A voucher's state, by code. */
export async function voucherState(db: Db, code: string): Promise<{ status: string; bookingId: string | null } | null> {
  const [v] = await db.select().from(loyaltyVouchers).where(eq(loyaltyVouchers.code, code));
  return v ? { status: v.status, bookingId: v.bookingId } : null;
}

/** A voucher issued straight to a member (as a redemption would). */
export async function seedVoucher(db: Db, memberId: string, rewardId: RewardId, code: string): Promise<void> {
  await db.insert(loyaltyVouchers).values({ code, memberId, rewardId, pointsCost: 0 });
}
