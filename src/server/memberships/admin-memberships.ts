import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminMembershipAction,
  AdminMembershipsResponse,
  MembershipStatus,
} from '../../shared/contracts/memberships';
import type { Db } from '../db/client';
import { familyProfiles, memberships } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { writeAudit } from '../staff/audit';
import { beforeChange, isAdminPause, lockMembership, membershipViews } from './membership-rows';
import { resumedPeriod } from './resume-membership';
import { noticeUnpaidVisits, visitClock } from './unpaid-visits';
import { visitsThisPeriod } from './member-cover';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /api/admin/memberships (staff): newest first, at most 100; `q` is a member number ("M1001" or
 * "1001"), or part of an e-mail address or of an adult's name on the family profile.
 */
export async function listMemberships(
  db: Db,
  o: { q?: string; status?: MembershipStatus },
): Promise<AdminMembershipsResponse> {
  const where: SQL[] = [];
  if (o.status) where.push(eq(memberships.status, o.status));
  const q = o.q?.trim();
  if (q) {
    const number = /^m?(\d{1,9})$/i.exec(q);
    const like = `%${escapeLike(q)}%`;
    where.push(
      number
        ? eq(memberships.memberNumber, Number(number[1]))
        : or(ilike(memberships.email, like), sql`${familyProfiles.adults}::text ilike ${like}`)!,
    );
  }
  const rows = await db
    .select({ m: memberships, adults: familyProfiles.adults })
    .from(memberships)
    .leftJoin(familyProfiles, eq(familyProfiles.email, memberships.email))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(memberships.createdAt), desc(memberships.memberNumber))
    .limit(100);
  const views = await membershipViews(
    db,
    rows.map((r) => r.m),
  );
  const visits = await visitsThisPeriod(
    db,
    rows.map((r) => r.m.id),
  );
  return {
    memberships: rows.map(({ m, adults }, i) => ({
      ...views[i]!,
      email: m.email,
      name: (adults as { name?: string }[] | null)?.[0]?.name ?? null,
      renewsOn: m.currentPeriodEnd?.toISOString() ?? null,
      visitsThisPeriod: visits.get(m.id) ?? 0,
      statusReason: m.statusReason,
    })),
  };
}

/** Which statuses each admin action applies to, and what it makes. */
const transitions: Record<AdminMembershipAction, { from: MembershipStatus[]; to: MembershipStatus }> = {
  pause: { from: ['active', 'past_due'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  end: { from: ['pending', 'active', 'past_due', 'paused', 'cancelled'], to: 'ended' },
};

/**
 * POST /api/admin/memberships/:id/{pause,resume,end} (admins): with a reason, audited in the same
 * transaction. The provider is told first (a clear 502 and nothing changed when it cannot be reached):
 * ending a Stripe membership cancels its subscription; pausing one pauses its collection (its invoices are
 * voided: no money is taken while the venue's pause lasts) and resuming starts it again. Only an admin's
 * pause is resumed here: a membership paused because its renewal failed is the family's to pay (409).
 * What a resume does to the period: resume.ts.
 */
export async function adminMembershipAction(
  deps: PaymentDeps & {
    id: string;
    action: AdminMembershipAction;
    reason: string;
    actor: string;
    now: Date;
  },
): Promise<void> {
  const { db, now } = deps;
  const rule = transitions[deps.action];
  const [found] = await db.select().from(memberships).where(eq(memberships.id, deps.id));
  if (!found) throw new AppError('not_found', 'No such membership.');
  if (!rule.from.includes(found.status))
    throw new AppError('membership_state', `A ${found.status.replace('_', ' ')} membership cannot be ${deps.action}d.`);
  if (deps.action === 'resume' && !isAdminPause(found)) throw waitingForFamily();
  const billing = deps.provider.billing;
  if (found.providerSubscriptionId && billing) {
    const sub = found.providerSubscriptionId;
    if (deps.action === 'end') await beforeChange(billing.cancelSubscription(sub, { atPeriodEnd: false }));
    else await beforeChange(billing.pauseCollection(sub, { paused: deps.action === 'pause' }));
  }
  const { venue, clock } = await visitClock(db, now);
  await db.transaction(async (tx) => {
    const m = await lockMembership(tx, deps.id);
    if (!m || !rule.from.includes(m.status))
      throw new AppError('membership_state', 'The membership changed meanwhile. Please look again.');
    if (deps.action === 'resume' && !isAdminPause(m)) throw waitingForFamily();
    const reason = `admin: ${deps.reason}`;
    const change =
      deps.action === 'resume'
        ? resumedPeriod(m, now)
        : deps.action === 'pause'
          ? { status: 'paused' as const, statusReason: reason, pausedAt: now }
          : { status: 'ended' as const, statusReason: reason, endedAt: now };
    const [after] = await tx
      .update(memberships)
      .set({
        ...change,
        ...(change.status === 'active' || change.status === 'cancelled' ? { statusReason: reason } : {}),
        version: m.version + 1,
        updatedAt: now,
      })
      .where(and(eq(memberships.id, m.id), inArray(memberships.status, rule.from)))
      .returning();
    // Resumed with its period not paid: the family is asked to pay, as after a failed renewal, and the visits it
    // had covered on trust after its end are listed with their deadline.
    if (deps.action === 'resume' && after!.status === 'paused')
      await noticeUnpaidVisits(tx, after!, { reason: 'paused', now, venue, clock, publicUrl: deps.publicUrl });
    await writeAudit(tx, {
      actor: deps.actor,
      action: `membership.${deps.action}`,
      subjectType: 'membership',
      subjectId: m.id,
      details: {
        reason: deps.reason,
        before: m.status,
        after: after!.status,
        ...(deps.action === 'resume'
          ? {
              periodEndBefore: m.currentPeriodEnd?.toISOString() ?? null,
              periodEndAfter: after!.currentPeriodEnd?.toISOString() ?? null,
            }
          : {}),
      },
    });
  });
}

const waitingForFamily = () =>
  new AppError(
    'membership_state',
    'This membership is paused because its renewal was not paid. It is active again once the family pays.',
  );
