import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { StaffRole } from '../../shared/contracts/staff';
import type { Db } from '../db/client';
import { staffAccounts, staffSessions } from '../db/schema';
import { hashToken, newToken } from '../security/tokens';

/** A staff session lasts a working day; a kiosk device stays in kiosk mode for 90 days. */
export const sessionLifetimeMs = { staff: 12 * 3_600_000, kiosk: 90 * 86_400_000, kitchen: 90 * 86_400_000 } as const;

/** "Last seen" is written at most this often per session, so a busy kiosk does not write on every request. */
export const lastSeenEveryMs = 60_000;

export type StaffPrincipal =
  | { kind: 'staff'; accountId: string; username: string; displayName: string; role: StaffRole; tokenHash: string }
  | { kind: 'kiosk'; accountId: string; label: string; tokenHash: string }
  /** A kitchen screen (issue 49): only the kitchen's routes answer it. */
  | { kind: 'kitchen'; accountId: string; label: string; tokenHash: string };

/** The name written to the audit log for whoever made a change. */
export function actorOf(p: StaffPrincipal): string {
  return p.kind === 'staff' ? p.username : `${p.kind}:${p.label}`;
}

/** Creates a session and returns the token for the cookie; only its hash is stored. */
export async function createStaffSession(opts: {
  db: Db;
  accountId: string;
  kind: 'staff' | 'kiosk' | 'kitchen';
  label?: string;
  now: Date;
}): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(opts.now.getTime() + sessionLifetimeMs[opts.kind]);
  await opts.db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    kind: opts.kind,
    accountId: opts.accountId,
    label: opts.label ?? '',
    expiresAt,
    createdAt: opts.now,
    lastSeenAt: opts.now,
  });
  return { token, expiresAt };
}

/** The live session behind a cookie token: not expired, not revoked, its account still active. */
export async function findStaffSession(db: Db, token: string | undefined, now: Date): Promise<StaffPrincipal | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      kind: staffSessions.kind,
      label: staffSessions.label,
      lastSeenAt: staffSessions.lastSeenAt,
      accountId: staffAccounts.id,
      username: staffAccounts.username,
      displayName: staffAccounts.displayName,
      role: staffAccounts.role,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.accountId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        eq(staffAccounts.active, true),
      ),
    );
  if (!row) return null;
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() >= lastSeenEveryMs)
    await markSeen(db, tokenHash, now);
  if (row.kind === 'kiosk' || row.kind === 'kitchen')
    return { kind: row.kind, accountId: row.accountId, label: row.label, tokenHash };
  return {
    kind: 'staff',
    accountId: row.accountId,
    username: row.username,
    displayName: row.displayName,
    role: row.role,
    tokenHash,
  };
}

export async function revokeStaffSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.tokenHash, tokenHash));
}

/** Conditional, so two processes answering the same browser in the same minute write once between them. */
async function markSeen(db: Db, tokenHash: string, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - lastSeenEveryMs);
  await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        or(isNull(staffSessions.lastSeenAt), lt(staffSessions.lastSeenAt, stale)),
      ),
    );
}
