import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { rowsOf, type Db } from '../db/client';
import { AppError } from '../http/errors';
import type { PendingPaymentClient } from './pending-payment-cap';

export type RateLimitRule = { name: string; max: number; windowSeconds: number };

/** Limits for every public write (issue 6). Per client address, per window. */
export const rateLimits = {
  contact: { name: 'contact', max: 10, windowSeconds: 600 },
  partyInquiry: { name: 'party-inquiry', max: 10, windowSeconds: 600 },
  createBooking: { name: 'create-booking', max: 30, windowSeconds: 600 },
  confirmTestPayment: { name: 'test-payment', max: 30, windowSeconds: 600 },
  cancelBooking: { name: 'cancel-booking', max: 10, windowSeconds: 600 },
  creditPurchase: { name: 'credit-purchase', max: 10, windowSeconds: 600 },
  lookup: { name: 'lookup', max: 60, windowSeconds: 600 },
  staffSignIn: { name: 'staff-sign-in', max: 10, windowSeconds: 600 },
  // Failures only (enforceFailureLimit): wrong passwords per username, and per known device (known-devices.ts).
  staffSignInPerUser: { name: 'staff-sign-in-user', max: 20, windowSeconds: 600 },
  staffSignInPerDevice: { name: 'staff-sign-in-device', max: 10, windowSeconds: 600 },
  kioskSearch: { name: 'kiosk-search', max: 120, windowSeconds: 600 },
  loyaltyLookup: { name: 'loyalty-lookup', max: 30, windowSeconds: 600 },
  loyaltyRedeem: { name: 'loyalty-redeem', max: 20, windowSeconds: 600 },
  // Orders from the table (issue 49): phones on the venue's wifi share one address.
  cafeOrder: { name: 'cafe-order', max: 120, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>;

/**
 * Counts one request against `rule` for this client (or `key`, e.g. a username) and refuses it with 429 and Retry-After once
 * the window's allowance is spent. The counter is one upsert, atomic across processes.
 */
export async function enforceRateLimit(
  ctx: AppContext,
  request: FastifyRequest,
  rule: RateLimitRule,
  key: string = request.ip,
): Promise<void> {
  if (ctx.config.RATE_LIMITS === 'off') return;
  const now = ctx.now();
  const windowMs = rule.windowSeconds * 1000;
  const { count, windowStart } = await countHit(ctx.db, `${rule.name}:${key}`, now, windowMs);
  if (count > rule.max) throw tooMany(windowStart, windowMs, now);
}

function tooMany(windowStart: Date, windowMs: number, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return new AppError('rate_limited', 'Too many requests. Please wait a few minutes and try again.', {
    headers: { 'retry-after': String(retryAfter) },
  });
}

/**
 * A limit on failures only: counts this attempt against `rule` for `key` (429 once the allowance is spent)
 * and returns `succeeded`, which gives the attempt back. Counting before the attempt and refunding a success,
 * rather than counting after a failure, keeps the bound exact when many guesses arrive at once: a burst
 * cannot all pass the check while the first password hashes are still being verified.
 */
export async function enforceFailureLimit(
  ctx: AppContext,
  rule: RateLimitRule,
  key: string,
): Promise<{ succeeded: () => Promise<void> }> {
  if (ctx.config.RATE_LIMITS === 'off') return { succeeded: async () => {} };
  const now = ctx.now();
  const windowMs = rule.windowSeconds * 1000;
  const bucket = `${rule.name}:${key}`;
  const { count, windowStart } = await countHit(ctx.db, bucket, now, windowMs);
  if (count > rule.max) throw tooMany(windowStart, windowMs, now);
  return {
    // The window the attempt was counted in, even if a new one has begun since.
    succeeded: async () => {
      await ctx.db.execute(sql`
        update rate_limit_hits set count = count - 1
        where bucket = ${bucket} and window_start = ${windowStart.toISOString()} and count > 0`);
    },
  };
}

/**
 * Counts one hit in `bucket` for the fixed window of `windowMs` that holds `now`, and returns the count so
 * far. One upsert on the shared counter table: atomic across processes, and inside the caller's
 * transaction when `db` is one.
 */
export async function countHit(
  db: Db,
  bucket: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowStart: Date }> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`
      insert into rate_limit_hits (bucket, window_start, count) values (${bucket}, ${windowStart.toISOString()}, 1)
      on conflict (bucket, window_start) do update set count = rate_limit_hits.count + 1
      returning count`),
  );
  return { count: Number(row?.count ?? 0), windowStart };
}

/** The client a hold is counted against (pending-payment-cap.ts); the cap is off with the other limits. */
export function pendingPaymentClient(ctx: AppContext, request: FastifyRequest): PendingPaymentClient {
  return { address: request.ip, enforce: ctx.config.RATE_LIMITS === 'on' };
}

/** Drops finished windows; called hourly (with staff/known-devices.ts's pruneKnownDevices, in app.ts). */
export async function pruneRateLimits(ctx: Pick<AppContext, 'db'>, now: Date): Promise<void> {
  await ctx.db.execute(
    sql`delete from rate_limit_hits where window_start < ${new Date(now.getTime() - 86_400_000).toISOString()}`,
  );
}
