import { and, eq, ne } from 'drizzle-orm';
import { memberships } from '../db/schema';
import type { PaymentDeps } from '../payments/payment-deps';
import { beforeChange } from './membership-rows';

/**
 * Before an erasure (privacy/erase-data.ts): every membership of the address that is not over ends now, and
 * a live Stripe subscription is cancelled first, so nothing is charged to a family the venue no longer
 * knows. Outside the erasure's transaction, since Stripe is called; cancelling twice is harmless, so an
 * erasure that fails after this can simply be run again. Nothing is refunded: that is the venue's call.
 */
export async function endMembershipsForErasure(
  deps: Pick<PaymentDeps, 'db' | 'provider'> & { email: string; now: Date },
): Promise<number> {
  const { db, now } = deps;
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
