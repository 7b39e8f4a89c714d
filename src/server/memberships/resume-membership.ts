import type { MembershipStatus } from '../../shared/contracts/memberships';
import { RENEWAL_FAILED, type MembershipRow } from './membership-rows';

/**
 * What an admin's resume does to the period (DECISIONS.md "Memberships keep their money straight": an admin's
 * pause takes no money, and a resume never charges the saved card without the family).
 *
 * The venue's pause stops the membership's clock. The paid time it had left when paused (period end - paused
 * at) is given back from the resume: the period now ends that long after it. So:
 * - paused with paid time left: active again, its period ending `left` after now; the next renewal is charged
 *   then, on its usual terms (TEST MODE: the membership job; it is never due at once).
 * - paused when already overdue (past due, or at the period's very end): the time owed is owed still, and
 *   only the family pays it: paused as after a failed renewal (`renewal_failed`, "Update card and pay" on My
 *   Bookings; paid, it is active again), from now, so the 60 days to pay count from the resume. The job
 *   charges no paused membership.
 * - set to end meanwhile (the Billing Portal's cancel, recorded on the pause), or an annual pass: it runs to the
 *   new end, cancelled (or active); over already, the membership job ends it at its next run.
 * With Stripe, the period is Stripe's billing cycle (its invoice lines say what is paid), so it is left as it
 * is: collection was paused with `void` (nothing is invoiced for the paused time) and is resumed, and Stripe
 * charges the next invoice when its cycle comes; a period already over is then covered as any renewing
 * membership's month on trust, or the family pays in the Billing Portal.
 */
export function resumedPeriod(
  m: MembershipRow,
  now: Date,
): {
  status: MembershipStatus;
  statusReason?: string;
  currentPeriodEnd?: Date | null;
  pausedAt: Date | null;
  renewalAttempts: number;
  nextRenewalAttemptAt: null;
} {
  const fresh = { renewalAttempts: 0, nextRenewalAttemptAt: null };
  const running: MembershipStatus = m.cancelAtPeriodEnd ? 'cancelled' : 'active';
  if (m.providerSubscriptionId || !m.currentPeriodEnd) return { status: running, pausedAt: null, ...fresh };
  const pausedAt = m.pausedAt ?? m.updatedAt;
  const left = m.currentPeriodEnd.getTime() - pausedAt.getTime();
  const end = new Date(now.getTime() + left);
  if (left > 0) return { status: running, currentPeriodEnd: end, pausedAt: null, ...fresh };
  // Over when paused: an annual pass or one set to end is over (the membership job ends it at its next run);
  // a monthly one owes as much as it did then (the pause neither charged nor forgave it).
  if (m.cancelAtPeriodEnd || m.period === 'annual')
    return { status: running, currentPeriodEnd: end, pausedAt: null, ...fresh };
  return { status: 'paused', statusReason: RENEWAL_FAILED, currentPeriodEnd: end, pausedAt: now, ...fresh };
}
