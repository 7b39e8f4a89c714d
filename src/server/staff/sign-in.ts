import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { enforceFailureLimit, rateLimits } from '../abuse/rate-limit';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { staffAccounts } from '../db/schema';
import { AppError } from '../http/errors';
import { findKnownDevices, presentedDeviceTokens, type KnownDevice } from './known-devices';
import { decoyHash, verifyPassword } from './passwords';
import { createStaffSession } from './staff-sessions';

/** Checks a username and password and opens a staff session; one message for every failure. */
export async function signIn(opts: { db: Db; username: string; password: string; now: Date }) {
  const [account] = await opts.db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.username, opts.username.toLowerCase()));
  const ok = await verifyPassword(account?.passwordHash ?? decoyHash, opts.password);
  if (!account || !account.active || !ok) throw new AppError('invalid_credentials', 'Incorrect password');
  await opts.db.update(staffAccounts).set({ lastSignInAt: opts.now }).where(eq(staffAccounts.id, account.id));
  const session = await createStaffSession({ db: opts.db, accountId: account.id, kind: 'staff', now: opts.now });
  return { ...session, account };
}

export type PasswordAttempt = {
  /** The browser's known device for this username, if it presented one. */
  device: KnownDevice | null;
  /** Every still-known device token the browser presented (any account), for renewing its cookie. */
  knownTokens: string[];
  /** Call once the password proved right: the attempt is given back, so only failures use the allowance. */
  succeeded: () => Promise<void>;
};

/**
 * The failure allowance a password typed for `username` is counted against (sign-in, and the password
 * change's current password). From a known device of that account: the device's own allowance, so the owner
 * keeps working while the username is guessed at from elsewhere. From anywhere else: the username's.
 * Unknown usernames are counted like real ones, so a 429 says nothing about which exist. The per-address
 * limit is the caller's, counted on every request.
 */
export async function guardPasswordAttempt(
  ctx: AppContext,
  request: FastifyRequest,
  username: string,
): Promise<PasswordAttempt> {
  const { known, forUser } = await findKnownDevices(ctx.db, presentedDeviceTokens(request), username);
  const limit = forUser
    ? await enforceFailureLimit(ctx, rateLimits.staffSignInPerDevice, forUser.tokenHash)
    : await enforceFailureLimit(ctx, rateLimits.staffSignInPerUser, username.toLowerCase());
  return { device: forUser, knownTokens: known, succeeded: limit.succeeded };
}
