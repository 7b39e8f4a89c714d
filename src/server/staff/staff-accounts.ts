import { and, asc, eq, sql } from 'drizzle-orm';
import type { StaffAccountDto } from '../../shared/contracts/staff-accounts';
import type { Db } from '../db/client';
import { staffAccounts } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from './audit';
import { hashPassword, verifyPassword } from './passwords';
import { revokeAccountSessions } from './session-admin';

type Admin = { accountId: string; username: string };

/**
 * Every account, active first, with when it was last used: two small subqueries on staff_sessions_account_idx
 * (written with the table's name: drizzle leaves a column unqualified, and staff_sessions has an id too).
 */
export async function listStaffAccounts(db: Db, now: Date): Promise<StaffAccountDto[]> {
  const rows = await db
    .select({
      id: staffAccounts.id,
      username: staffAccounts.username,
      displayName: staffAccounts.displayName,
      role: staffAccounts.role,
      active: staffAccounts.active,
      createdAt: staffAccounts.createdAt,
      createdBy: staffAccounts.createdBy,
      lastSignInAt: staffAccounts.lastSignInAt,
      lastSeenAt: sql<string | null>`(select max(s.last_seen_at) from staff_sessions s
        where s.account_id = staff_accounts.id and s.kind = 'staff')`,
      liveSessions: sql<number>`(select count(*)::int from staff_sessions s
        where s.account_id = staff_accounts.id and s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz)`,
    })
    .from(staffAccounts)
    .orderBy(sql`${staffAccounts.active} desc`, asc(staffAccounts.username));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
    // Raw SQL comes back as text on node-postgres and as a Date on PGlite.
    lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt).toISOString() : null,
    liveSessions: Number(r.liveSessions),
  }));
}

const notYourOwn = (what: string) =>
  new AppError('own_account', `You cannot ${what} your own account here. Ask another admin, or use Change password.`);

/**
 * Deactivates (a leaver) or reactivates an account. Deactivating ends every live session of the account at
 * once, kiosk devices it started included; sign-in refuses it from then on. Idempotent: only a change is audited.
 */
export async function setAccountActive(
  tx: Db,
  o: { id: string; active: boolean; admin: Admin; now: Date },
): Promise<{ username: string; endedSessions: number }> {
  if (o.id === o.admin.accountId) throw notYourOwn(o.active ? 'reactivate' : 'deactivate');
  const [row] = await tx
    .select({ username: staffAccounts.username, active: staffAccounts.active })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, o.id))
    .for('update');
  if (!row) throw new AppError('not_found', 'There is no such staff account.');
  if (row.active === o.active) return { username: row.username, endedSessions: 0 };
  await tx.update(staffAccounts).set({ active: o.active }).where(eq(staffAccounts.id, o.id));
  const endedSessions = o.active ? 0 : await revokeAccountSessions(tx, { accountId: o.id, now: o.now });
  await writeAudit(tx, {
    actor: o.admin.username,
    action: o.active ? 'staff_account_reactivated' : 'staff_account_deactivated',
    subjectType: 'staff_account',
    subjectId: o.id,
    details: { username: row.username, ...(o.active ? {} : { endedSessions }) },
  });
  return { username: row.username, endedSessions };
}

/** The target's username, so the new password can be checked against it before hashing. */
export async function usernameOf(db: Db, id: string): Promise<string> {
  const [row] = await db
    .select({ username: staffAccounts.username })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, id));
  if (!row) throw new AppError('not_found', 'There is no such staff account.');
  return row.username;
}

/** An admin sets a new password for someone who forgot theirs: that person's own sessions end (devices stay). */
export async function resetStaffPassword(
  tx: Db,
  o: { id: string; passwordHash: string; admin: Admin; now: Date },
): Promise<void> {
  if (o.id === o.admin.accountId) throw notYourOwn('reset the password of');
  const [row] = await tx
    .update(staffAccounts)
    .set({ passwordHash: o.passwordHash })
    .where(eq(staffAccounts.id, o.id))
    .returning({ username: staffAccounts.username });
  if (!row) throw new AppError('not_found', 'There is no such staff account.');
  const endedSessions = await revokeAccountSessions(tx, { accountId: o.id, now: o.now, onlyKind: 'staff' });
  await writeAudit(tx, {
    actor: o.admin.username,
    action: 'staff_password_reset',
    subjectType: 'staff_account',
    subjectId: o.id,
    details: { username: row.username, endedSessions },
  });
}

const wrongCurrent = () =>
  new AppError('wrong_current_password', 'Your current password is not right. Please try again.', {
    fields: { currentPassword: ['Your current password is not right'] },
  });

/**
 * Anyone signed in changes their own password, proving the current one first. Their other sessions end;
 * the browser that changed it stays signed in.
 */
export async function changeOwnPassword(
  db: Db,
  o: { accountId: string; username: string; tokenHash: string; current: string; next: string; now: Date },
): Promise<void> {
  const [row] = await db
    .select({ passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.id, o.accountId), eq(staffAccounts.active, true)));
  if (!row || !(await verifyPassword(row.passwordHash, o.current))) throw wrongCurrent();
  const passwordHash = await hashPassword(o.next);
  await db.transaction(async (tx) => {
    // Only over the hash just verified: of two changes at once, the second must prove the new password.
    const changed = await tx
      .update(staffAccounts)
      .set({ passwordHash })
      .where(and(eq(staffAccounts.id, o.accountId), eq(staffAccounts.passwordHash, row.passwordHash)))
      .returning({ id: staffAccounts.id });
    if (changed.length === 0) throw wrongCurrent();
    const endedSessions = await revokeAccountSessions(tx, {
      accountId: o.accountId,
      now: o.now,
      onlyKind: 'staff',
      keep: o.tokenHash,
    });
    await writeAudit(tx, {
      actor: o.username,
      action: 'own_password_changed',
      subjectType: 'staff_account',
      subjectId: o.accountId,
      details: { endedSessions },
    });
  });
}
