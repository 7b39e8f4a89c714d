import { asc, eq, inArray } from 'drizzle-orm';
import type { FamilyMembership, MembershipPeriod } from '../../shared/contracts/memberships';
import { todayInLondon } from '../../shared/dates';
import { periodEndAfter } from '../../shared/memberships';
import type { Db } from '../db/client';
import { familyChildren, membershipChildren, memberships } from '../db/schema';
import { AppError } from '../http/errors';
import { PaymentProviderError } from '../payments/provider';

export type MembershipRow = typeof memberships.$inferSelect;

/** What the member card and staff say: "M1001". */
export const memberNumberText = (n: number) => `M${n}`;

/** UK consumer law: 14 days from joining to change one's mind. */
export const COOLING_OFF_DAYS = 14;

/** The end of a period that starts at `from`: shared/memberships.ts periodEndAfter, the one rule (London dates). */
export const addPeriod = (from: Date, period: MembershipPeriod): Date =>
  periodEndAfter(from, period === 'monthly' ? 1 : 12);

export const addDaysTo = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000);

/** Locks a membership (FOR UPDATE): every writer takes it first, then its payment, as bookings do. */
export async function lockMembership(tx: Db, id: string): Promise<MembershipRow | undefined> {
  const [row] = await tx.select().from(memberships).where(eq(memberships.id, id)).for('update');
  return row;
}

/** Why a renewal-failed membership is past due or paused (an admin's pause says `admin: <reason>`). */
export const RENEWAL_FAILED = 'renewal_failed';

/** A renewal failed and is not paid yet: being retried (past due) or paused after the last try, not by an admin. */
export const paymentDue = (m: Pick<MembershipRow, 'status' | 'statusReason'>) =>
  m.status === 'past_due' || (m.status === 'paused' && m.statusReason === RENEWAL_FAILED);

/** Started and not over: a membership in these covers its children (a second join for one of them is refused). */
export const STARTED = ['active', 'past_due', 'paused', 'cancelled'] as const;

/** Why a join ended without starting: its 15 minutes passed unpaid (join-expiry.ts). */
export const JOIN_EXPIRED = 'expired';
/** Why a join paid after its child was covered by another membership did not start (its money went back). */
export const CHILD_COVERED = 'child_covered';

/** A join whose 15 minutes ran out unpaid: late money still starts it while its children are free. */
export const isExpiredJoin = (m: Pick<MembershipRow, 'status' | 'statusReason' | 'periodsPaid'>) =>
  m.status === 'ended' && m.statusReason === JOIN_EXPIRED && m.periodsPaid === 0;

/** An admin paused it (statusReason `admin: <reason>`): the venue's decision, not the family's to undo. */
export const isAdminPause = (m: Pick<MembershipRow, 'status' | 'statusReason'>) =>
  m.status === 'paused' && !!m.statusReason?.startsWith('admin:');

/** The London date of an instant, for mails ("ends on 3 August 2026"). */
export const londonDate = (at: Date) => todayInLondon(at);

/** The family's (and staff's) view of memberships, with the children's first names. */
export async function membershipViews(db: Db, rows: MembershipRow[]): Promise<FamilyMembership[]> {
  if (rows.length === 0) return [];
  const children = await db
    .select({
      membershipId: membershipChildren.membershipId,
      id: familyChildren.id,
      firstName: familyChildren.firstName,
    })
    .from(membershipChildren)
    .innerJoin(familyChildren, eq(familyChildren.id, membershipChildren.childId))
    .where(
      inArray(
        membershipChildren.membershipId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(familyChildren.dateOfBirth));
  return rows.map((m) => ({
    id: m.id,
    memberNumber: memberNumberText(m.memberNumber),
    planId: m.planId,
    planName: m.plan.name,
    period: m.period,
    pricePence: m.pricePence,
    status: m.status,
    currentPeriodEnd: m.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: m.cancelAtPeriodEnd,
    coolingOffUntil: m.coolingOffUntil.toISOString(),
    bandIds: m.plan.bandIds,
    ticketTypeIds: m.plan.ticketTypeIds,
    adultsFree: m.plan.adultsFree,
    paymentDue: paymentDue(m),
    children: children.filter((c) => c.membershipId === m.id).map(({ id, firstName }) => ({ id, firstName })),
  }));
}

/**
 * A call to the provider's billing made before a change is written (a cancellation, an admin's end, an
 * erasure): when the provider cannot be reached the family or admin gets a clear 502 and nothing changes here.
 */
export async function beforeChange(call: Promise<void> | undefined): Promise<void> {
  try {
    await call;
  } catch (err) {
    if (err instanceof PaymentProviderError)
      throw new AppError(
        'payment_unavailable',
        'We could not reach the payment provider just now. Please try again in a moment.',
      );
    throw err;
  }
}
