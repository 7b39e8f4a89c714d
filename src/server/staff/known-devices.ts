import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { staffAccounts, staffDevices } from '../db/schema';
import { hashToken, newToken } from '../security/tokens';

/**
 * A known device is a browser that once signed in to an account with the right password. It keeps a random
 * token in a long-lived cookie (only its SHA-256 is stored, like session tokens); a sign-in for that account
 * presenting it is not held by the per-username lockout, so guessing a username from elsewhere cannot lock
 * its owner out of their own browser.
 */
export const deviceCookieName = 'ptb_device';

/** Unused for a year, a device is forgotten (pruneKnownDevices); each sign-in on it renews the cookie. */
export const deviceLifetimeMs = 365 * 86_400_000;

/** Sent only where a password is typed: sign-in and the password change, both under /api/staff. */
const deviceCookiePath = '/api/staff';

/** Several people share the front-desk computer: the cookie remembers a few accounts' tokens, newest first. */
const maxTokensPerBrowser = 5;

/** newToken(): 32 random bytes in base64url. Anything else in the cookie is ignored, never looked up. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export type KnownDevice = { tokenHash: string; accountId: string };

/** The well-formed tokens the browser sent ('.'-separated; base64url has no dot). */
export function presentedDeviceTokens(request: FastifyRequest): string[] {
  const raw = request.cookies[deviceCookieName];
  if (!raw || raw.length > 400) return [];
  return raw
    .split('.')
    .filter((t) => tokenShape.test(t))
    .slice(0, maxTokensPerBrowser);
}

/**
 * Of the presented tokens, those still known (any account), and the one known for `username` if any.
 * A token of another account gives that username nothing.
 */
export async function findKnownDevices(
  db: Db,
  tokens: string[],
  username: string,
): Promise<{ known: string[]; forUser: KnownDevice | null }> {
  if (tokens.length === 0) return { known: [], forUser: null };
  const byHash = new Map(tokens.map((t) => [hashToken(t), t]));
  const rows = await db
    .select({ tokenHash: staffDevices.tokenHash, accountId: staffDevices.accountId, username: staffAccounts.username })
    .from(staffDevices)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffDevices.accountId))
    .where(inArray(staffDevices.tokenHash, [...byHash.keys()]));
  const mine = rows.find((r) => r.username === username.toLowerCase());
  const knownHashes = new Set(rows.map((r) => r.tokenHash));
  return {
    known: tokens.filter((t) => knownHashes.has(hashToken(t))),
    forUser: mine ? { tokenHash: mine.tokenHash, accountId: mine.accountId } : null,
  };
}

/**
 * After a successful sign-in: renews the device this browser already is for the account, or makes it one.
 * Returns the tokens for the cookie (forged or forgotten ones dropped, the oldest beyond the cap too).
 */
export async function rememberDevice(
  db: Db,
  o: { accountId: string; device: KnownDevice | null; known: string[]; now: Date },
): Promise<string[]> {
  if (o.device?.accountId === o.accountId) {
    await db.update(staffDevices).set({ lastSeenAt: o.now }).where(eq(staffDevices.tokenHash, o.device.tokenHash));
    return o.known;
  }
  const token = newToken();
  await db
    .insert(staffDevices)
    .values({ tokenHash: hashToken(token), accountId: o.accountId, createdAt: o.now, lastSeenAt: o.now });
  return [token, ...o.known].slice(0, maxTokensPerBrowser);
}

/** httpOnly, SameSite=Strict and Secure in production, like the session cookie; a year, renewed at each sign-in. */
export function setDeviceCookie(ctx: AppContext, reply: FastifyReply, tokens: string[]): void {
  void reply.setCookie(deviceCookieName, tokens.join('.'), {
    path: deviceCookiePath,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.NODE_ENV === 'production',
    maxAge: deviceLifetimeMs / 1000,
  });
}

/**
 * A new password means the old one may have leaked: the account's devices stop being trusted, except
 * `keep` (the browser that changed it, having just proved the current password). Returns how many went.
 */
export async function forgetDevices(db: Db, accountId: string, keep?: string): Promise<number> {
  const gone = await db
    .delete(staffDevices)
    .where(and(eq(staffDevices.accountId, accountId), keep ? ne(staffDevices.tokenHash, keep) : undefined))
    .returning({ tokenHash: staffDevices.tokenHash });
  return gone.length;
}

/** Devices nobody signed in on for a year; called with the hourly rate-limit prune. */
export async function pruneKnownDevices(db: Db, now: Date): Promise<void> {
  await db.delete(staffDevices).where(lt(staffDevices.lastSeenAt, new Date(now.getTime() - deviceLifetimeMs)));
}
