import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';
import { staffAccounts, staffPins } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from './audit';
import { decoyHash, hashPassword, verifyPassword } from './passwords';

/**
 * Quick switching on a till device (issue 48; DECISIONS.md "The counter till"): each member of staff may set a
 * 4-6 digit PIN of their own, hashed like a password (argon2id). Five wrong PINs in a row lock that PIN for 15
 * minutes; the account's password is never locked by it. An attempt is counted before the PIN is checked
 * (and the count reset by a right one), so a burst of guesses sent at once cannot all be checked before
 * the lock: the sixth and later are refused unchecked.
 */
export const PIN_ATTEMPTS = 5;
export const PIN_LOCK_MS = 15 * 60_000;

/** One digit repeated, or a straight run up or down (1234, 987654): the first PINs anyone would try. */
export function isWeakPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - digits[i]!));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

export async function setOwnPin(db: Db, o: { accountId: string; username: string; pin: string; now: Date }) {
  if (isWeakPin(o.pin))
    throw new AppError('weak_pin', 'Please choose a PIN that is not one digit repeated or a run like 1234.', {
      fields: { pin: ['Too easy to guess: not one digit repeated or a run like 1234'] },
    });
  const pinHash = await hashPassword(o.pin);
  await db.transaction(async (tx) => {
    await tx
      .insert(staffPins)
      .values({ accountId: o.accountId, pinHash, updatedAt: o.now })
      .onConflictDoUpdate({
        target: staffPins.accountId,
        set: { pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: o.now },
      });
    await writeAudit(tx, {
      actor: o.username,
      action: 'staff_pin_set',
      subjectType: 'staff_account',
      subjectId: o.accountId,
    });
  });
}

/** An admin's password reset removes the PIN as well (staff/routes.ts). */
export async function removePin(tx: Db, accountId: string): Promise<void> {
  await tx.delete(staffPins).where(eq(staffPins.accountId, accountId));
}

const wrongPin = () => new AppError('invalid_credentials', 'That username and PIN do not match.');

function locked(until: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    'pin_locked',
    `This PIN is locked after ${PIN_ATTEMPTS} wrong tries. Try again in ${Math.ceil(retryAfter / 60)} minutes, or sign in with the password.`,
    { headers: { 'retry-after': String(retryAfter) } },
  );
}

/**
 * Counts this attempt against the account's PIN, then checks it: the account (id, username) on the right
 * PIN; 401 on a wrong one or an unknown username or an account without a PIN (the same answer, and as
 * slow, so it does not say which); 423 pin_locked while locked, and on the wrong try that locks it.
 */
export async function checkPin(db: Db, o: { username: string; pin: string; now: Date }) {
  const [account] = await db
    .select({ id: staffAccounts.id, username: staffAccounts.username, pinHash: staffPins.pinHash })
    .from(staffAccounts)
    .innerJoin(staffPins, eq(staffPins.accountId, staffAccounts.id))
    .where(and(eq(staffAccounts.username, o.username.toLowerCase()), eq(staffAccounts.active, true)));
  if (!account) {
    await verifyPassword(decoyHash, o.pin);
    throw wrongPin();
  }
  const now = o.now.toISOString();
  // A lock that has run out starts the count again.
  const [counted] = rowsOf<{ failed_attempts: number }>(
    await db.execute(sql`
      update staff_pins set
        failed_attempts = case when locked_until <= ${now} then 1 else failed_attempts + 1 end,
        locked_until = case when locked_until <= ${now} then null else locked_until end
      where account_id = ${account.id} and (locked_until is null or locked_until <= ${now})
      returning failed_attempts`),
  );
  const lockedUntil = async () =>
    (await db.select({ at: staffPins.lockedUntil }).from(staffPins).where(eq(staffPins.accountId, account.id)))[0]
      ?.at ?? new Date(o.now.getTime() + PIN_LOCK_MS);
  if (!counted) throw locked(await lockedUntil(), o.now);
  const attempt = Number(counted.failed_attempts);
  if (attempt > PIN_ATTEMPTS) throw locked(await lockedUntil(), o.now);
  if (await verifyPassword(account.pinHash, o.pin)) {
    await db.update(staffPins).set({ failedAttempts: 0 }).where(eq(staffPins.accountId, account.id));
    return { accountId: account.id, username: account.username };
  }
  if (attempt < PIN_ATTEMPTS) throw wrongPin();
  const until = new Date(o.now.getTime() + PIN_LOCK_MS);
  await db.transaction(async (tx) => {
    await tx.update(staffPins).set({ lockedUntil: until }).where(eq(staffPins.accountId, account.id));
    await writeAudit(tx, {
      actor: 'system',
      action: 'staff_pin_locked',
      subjectType: 'staff_account',
      subjectId: account.id,
      details: { username: account.username, until: until.toISOString() },
    });
  });
  throw locked(until, o.now);
}
