import { and, eq } from 'drizzle-orm';
import type { CancelMembershipResponse, FutureVisitsChoice } from '../../shared/contracts/memberships';
import { memberships } from '../db/schema';
import { AppError } from '../http/errors';
import type { PaymentDeps } from '../payments/payment-deps';
import { cancelCoolingOff } from './cancel-cooling-off';
import { ENDABLE, endAtPeriodEnd } from './end-at-period-end';
import { visitClock } from './unpaid-visits';
import { beforeChange, isAdminPause, lockMembership, membershipViews, type MembershipRow } from './membership-rows';

/** The family's own membership by id; another family's (or a guessed id) is the same 404. */
export async function ownMembership(db: PaymentDeps['db'], email: string, id: string): Promise<MembershipRow> {
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), eq(memberships.email, email)));
  if (!m) throw new AppError('not_found', 'No such membership.');
  return m;
}

/**
 * POST /api/family/memberships/:id/cancel (DECISIONS.md "Memberships"):
 * - end_of_period (the default): no more renewals; it runs to the end of the period paid, then ends (the
 *   membership job). Stripe's subscription is told first (cancel at period end), then the row; a repeat
 *   answers the same. Visits it paid for on trust after that end are listed to the family and cancelled at
 *   their deadline (unpaid-visits.ts).
 * - cooling_off: within 14 days of joining only; ends now with a refund (cancel-cooling-off.ts).
 */
export async function cancelMembership(
  deps: PaymentDeps & {
    email: string;
    id: string;
    mode: 'end_of_period' | 'cooling_off';
    futureVisits?: FutureVisitsChoice;
    now: Date;
  },
): Promise<CancelMembershipResponse> {
  const { db, now } = deps;
  const found = await ownMembership(db, deps.email, deps.id);
  const { venue, clock } = await visitClock(db, now);

  if (deps.mode === 'end_of_period') {
    if (found.cancelAtPeriodEnd && found.status === 'cancelled') return answer(deps, found.id, 0, 'Already cancelled.');
    // An admin's pause is the venue's decision: cancelling would end it and its reason (DECISIONS.md).
    if (isAdminPause(found)) throw adminPaused();
    if (!(ENDABLE as readonly string[]).includes(found.status))
      throw new AppError('membership_state', 'This membership cannot be cancelled now.');
    if (found.providerSubscriptionId)
      await beforeChange(
        deps.provider.billing?.cancelSubscription(found.providerSubscriptionId, { atPeriodEnd: true }),
      );
    await db.transaction(async (tx) => {
      const m = await lockMembership(tx, found.id);
      if (!m) return;
      if (isAdminPause(m)) throw adminPaused();
      await endAtPeriodEnd(tx, m, { now, venue, clock, publicUrl: deps.publicUrl });
    });
    return answer(deps, found.id, 0, 'Your membership will not renew. It runs to the end of the period paid.');
  }

  const done = await cancelCoolingOff({ ...deps, found });
  return answer(deps, found.id, done.refundPence, done.message);
}

const adminPaused = () =>
  new AppError(
    'membership_state',
    'The venue has paused this membership, so it cannot be cancelled online. Please call us to talk about it.',
  );

async function answer(
  deps: PaymentDeps,
  id: string,
  refundPence: number,
  message: string,
): Promise<CancelMembershipResponse> {
  const [row] = await deps.db.select().from(memberships).where(eq(memberships.id, id));
  const [membership] = await membershipViews(deps.db, [row!]);
  return { membership: membership!, refundPence, message };
}
