import { and, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { memberships, payments } from '../db/schema';
import type { PaymentDeps } from '../payments/payment-deps';
import { recheckPayment } from '../payments/sweep-payments';
import { JOIN_EXPIRED, lockMembership } from './membership-rows';

/** A join waits this long for its payment, as a ticket hold does (DECISIONS.md "Capacity and holds"). */
export const JOIN_HOLD_MS = 15 * 60_000;

/**
 * A join waiting for its payment holds its children (DECISIONS.md "Memberships keep their money straight": one
 * membership per child, a join waiting for its payment counts): for 15 minutes while its card form may still be
 * paid (a declined card may be tried again), and for as long as a bank debit (Bacs) is processing, until the bank
 * says it succeeded or failed. The SQL condition on `memberships`, for the join's check; the membership job
 * then expires what this no longer holds (expirePendingJoins).
 */
export function joinHoldsChildren(now: Date): SQL {
  return sql`(${memberships.status} = 'pending' and exists (
    select 1 from ${payments} p where p.membership_id = ${memberships.id} and p.membership_period = 1
      and (p.status = 'processing'
        or (p.status in ('pending', 'failed') and ${memberships.createdAt} > ${new Date(now.getTime() - JOIN_HOLD_MS)}))))`;
}

/**
 * Joins whose 15 minutes passed with no payment processing or paid: the provider is asked first (a success or
 * a bank debit whose webhook was lost applies as usual), then, under the membership's lock and only if still
 * not paid or processing, the join ends (`ended`, reason `expired`) and its children are free. Money that
 * still arrives for it starts it if its children are still free, or goes back (apply-membership-payment.ts).
 * A Stripe subscription left incomplete is expired by Stripe itself after 23 hours. Safe with several processes.
 */
export async function expirePendingJoins(deps: PaymentDeps & { now: Date; batch?: number }): Promise<number> {
  const { db, now } = deps;
  const due = await db
    .select({ id: memberships.id, providerPaymentId: payments.providerPaymentId })
    .from(memberships)
    .innerJoin(payments, and(eq(payments.membershipId, memberships.id), eq(payments.membershipPeriod, 1)))
    .where(
      and(
        eq(memberships.status, 'pending'),
        lte(memberships.createdAt, new Date(now.getTime() - JOIN_HOLD_MS)),
        inArray(payments.status, ['pending', 'failed', 'canceled']),
      ),
    )
    .limit(deps.batch ?? 50);
  let expired = 0;
  for (const j of due) {
    if (j.providerPaymentId) await recheckPayment(deps, j.providerPaymentId);
    const done = await db.transaction(async (tx) => {
      const m = await lockMembership(tx, j.id);
      if (!m || m.status !== 'pending') return false;
      const [first] = await tx
        .select({ status: payments.status })
        .from(payments)
        .where(and(eq(payments.membershipId, m.id), eq(payments.membershipPeriod, 1)));
      if (first && (first.status === 'processing' || first.status === 'succeeded')) return false;
      await tx
        .update(memberships)
        .set({ status: 'ended', statusReason: JOIN_EXPIRED, endedAt: now, version: m.version + 1, updatedAt: now })
        .where(eq(memberships.id, m.id));
      // A payment that never reached the provider (a crash before the call) can never be paid.
      await tx
        .update(payments)
        .set({ status: 'canceled', updatedAt: now })
        .where(
          and(eq(payments.membershipId, m.id), isNull(payments.providerPaymentId), eq(payments.status, 'pending')),
        );
      return true;
    });
    if (done) expired++;
  }
  return expired;
}
