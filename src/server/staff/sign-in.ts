import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { staffAccounts } from '../db/schema';
import { AppError } from '../http/errors';
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
