import { and, eq, ne } from 'drizzle-orm';
import { memberships } from '../db/schema';
import type { PaymentDeps } from '../payments/payment-deps';
import { beforeChange } from './membership-rows';
import { settleUnpaidVisits } from './unpaid-visits';

/**
 * Before an erasure (privacy/erase-data.ts): its visits waiting to be paid for (unpaid-visits.ts) are settled first,
 * cancelled with notice as at their deadline (places back, what was paid refunded), so no deadline later cancels
 * an anonymised booking; then every membership of the address that is not over ends now, and
 * a live Stripe subscription is cancelled first, so nothing is charged to a family the venue no longer
 * knows. Outside the erasure's transaction, since Stripe is called; cancelling twice is harmless, so an
 * erasure that fails after this can simply be run again. Nothing is refunded: that is the venue's call.
 */
export async function endMembershipsForErasure(deps: PaymentDeps & { email: string; now: Date }): Promise<number> {
  const { db, now } = deps;
  await settleUnpaidVisits({ ...deps, erasing: deps.email });
  const live = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.email, deps.email), ne(memberships.status, 'ended')));
  for (const m of live) {
    if (m.providerSubscriptionId)
      await beforeChange(deps.provider.billing?.cancelSubscription(m.providerSubscriptionId, { atPeriodEnd: false }));
    await db
      .update(memberships)
      .set({ status: 'ended', endedAt: now, statusReason: 'erased', version: m.version + 1, updatedAt: now })
      .where(and(eq(memberships.id, m.id), ne(memberships.status, 'ended')));
  }
  return live.length;
}
