import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { StaffSessionDto } from '../../shared/contracts/staff-accounts';
import type { Db } from '../db/client';
import { staffAccounts, staffSessions } from '../db/schema';
import { AppError } from '../http/errors';
import { writeAudit } from './audit';

const live = (now: Date) => and(isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now));

/**
 * Every live session: people signed in and kiosk devices (named when started), oldest first. Only
 * unrevoked rows are read (staff_sessions_live_idx); a deactivated account's sessions were revoked with it.
 */
export async function listLiveSessions(db: Db, now: Date, currentTokenHash: string): Promise<StaffSessionDto[]> {
  const rows = await db
    .select({
      id: staffSessions.id,
      tokenHash: staffSessions.tokenHash,
      kind: staffSessions.kind,
      label: staffSessions.label,
      username: staffAccounts.username,
      displayName: staffAccounts.displayName,
      startedAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.accountId))
    .where(and(live(now), eq(staffAccounts.active, true)))
    .orderBy(asc(staffSessions.createdAt));
  return rows.map(({ tokenHash, ...r }) => ({
    ...r,
    startedAt: r.startedAt.toISOString(),
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    expiresAt: r.expiresAt.toISOString(),
    current: tokenHash === currentTokenHash,
  }));
}

/** An admin ends one session or kiosk device: its next request is refused. Audited; ending one already ended is a 404. */
export async function endSession(tx: Db, o: { id: string; actor: string; now: Date }): Promise<{ kind: string }> {
  const [ended] = await tx
    .update(staffSessions)
    .set({ revokedAt: o.now })
    .where(and(eq(staffSessions.id, o.id), live(o.now)))
    .returning({ kind: staffSessions.kind, label: staffSessions.label, accountId: staffSessions.accountId });
  if (!ended) throw new AppError('not_found', 'That session has already ended.');
  const [owner] = await tx
    .select({ username: staffAccounts.username })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, ended.accountId));
  await writeAudit(tx, {
    actor: o.actor,
    action: ended.kind === 'staff' ? 'staff_session_ended' : `${ended.kind}_device_ended`,
    subjectType: ended.kind === 'staff' ? 'staff_session' : 'device',
    subjectId: o.id,
    details: { username: owner?.username, ...(ended.kind !== 'staff' ? { device: ended.label } : {}) },
  });
  return { kind: ended.kind };
}

/**
 * Ends an account's live sessions: all of them (deactivated: kiosk devices it started too), or only the
 * person's own sessions, but for `keep` (a changed password keeps the browser that changed it).
 */
export async function revokeAccountSessions(
  tx: Db,
  o: { accountId: string; now: Date; onlyKind?: 'staff'; keep?: string },
): Promise<number> {
  const ended = await tx
    .update(staffSessions)
    .set({ revokedAt: o.now })
    .where(
      and(
        eq(staffSessions.accountId, o.accountId),
        live(o.now),
        o.onlyKind ? eq(staffSessions.kind, o.onlyKind) : undefined,
        o.keep ? ne(staffSessions.tokenHash, o.keep) : undefined,
      ),
    )
    .returning({ id: staffSessions.id });
  return ended.length;
}
