import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { bookings, payments } from '../db/schema';
import { expirePartyHolds } from '../parties/expire-holds';
import { applyPaymentStatus } from '../payments/apply-payment-status';
import { executeDueRefund } from '../payments/execute-refund';
import type { PaymentDeps } from '../payments/payment-deps';
import { releasePlaces } from './places';

// A payment whose webhook is late is asked about after a minute or so, then ever less often (a quarter
// of its age between checks), so abandoned checkouts do not cost a provider call every sweep for days.
const RECHECK_MIN_SECONDS = 60;
const RECHECK_FOR_DAYS = 7; // bank debits take 1-3 business days; after a week a pending payment is dead

export type SweepResult = { released: number; rechecked: number; refunded: number };

/**
 * One pass of the background sweep; safe with several server processes: rows are claimed with
 * FOR UPDATE SKIP LOCKED and every step is idempotent (a second process doing the same work changes nothing).
 * 1. Expired holds: ask the provider first (a success whose webhook was lost confirms), then release.
 * 2. Payments stuck in pending/processing: re-fetch from the provider, apply what it says.
 * 3. Refunds decided but not yet carried out (crash, provider outage): carry them out.
 */
export async function runSweep(deps: PaymentDeps & { now: Date; batch?: number }): Promise<SweepResult> {
  const { db, now } = deps;
  const batch = deps.batch ?? 50;
  const result: SweepResult = { released: 0, rechecked: 0, refunded: 0 };

  const expired = await db
    .select({ id: bookings.id, providerPaymentId: payments.providerPaymentId })
    .from(bookings)
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(
      and(
        eq(bookings.placesHeld, true),
        inArray(bookings.status, ['pending', 'failed']),
        lte(bookings.holdExpiresAt, now),
      ),
    )
    .limit(batch);
  for (const b of expired) {
    if (b.providerPaymentId) await recheck(deps, b.providerPaymentId);
    if (await releaseExpiredHold(deps, b.id)) result.released++;
  }
  result.released += await expirePartyHolds(db, now, batch); // party rooms held past their time (parties/)

  const since = new Date(now.getTime() - RECHECK_FOR_DAYS * 86_400_000);
  const claimed = rowsOf<{ provider_payment_id: string }>(
    await db.execute(sql`
      update payments set last_checked_at = ${now} where id in (
        select id from payments
        where status in ('pending', 'processing') and provider_payment_id is not null and created_at >= ${since}
          and coalesce(last_checked_at, created_at) <= ${now}::timestamptz - greatest(${`${RECHECK_MIN_SECONDS} seconds`}::interval, (${now}::timestamptz - created_at) / 4)
        order by created_at limit ${batch} for update skip locked)
      returning provider_payment_id`),
  );
  for (const p of claimed) if (await recheck(deps, p.provider_payment_id)) result.rechecked++;

  const due = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.refundStatus, 'pending'))
    .limit(batch);
  for (const p of due) {
    try {
      if (await executeDueRefund({ ...deps, paymentId: p.id })) result.refunded++;
    } catch (err) {
      deps.log?.warn({ err, paymentId: p.id }, 'refund still failing; will retry');
    }
  }
  return result;
}

async function recheck(deps: PaymentDeps & { now: Date }, providerPaymentId: string): Promise<boolean> {
  try {
    const { status, details } = await deps.provider.retrievePayment(providerPaymentId);
    const applied = await applyPaymentStatus({ ...deps, providerPaymentId, status, details });
    return applied.outcome === 'updated';
  } catch (err) {
    deps.log?.warn({ err, providerPaymentId }, 'payment re-check failed');
    return false;
  }
}

/** Releases one expired hold if it is still expired and held (re-checked under the row lock). */
async function releaseExpiredHold(deps: PaymentDeps & { now: Date }, bookingId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [b] = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.placesHeld, true),
          inArray(bookings.status, ['pending', 'failed']),
          lte(bookings.holdExpiresAt, deps.now),
        ),
      )
      .for('update', { skipLocked: true });
    if (!b) return false;
    await releasePlaces(tx, b);
    if (b.status === 'pending')
      await tx.update(bookings).set({ status: 'expired', updatedAt: deps.now }).where(eq(bookings.id, b.id));
    // A payment that never reached the provider (crash before the call) can never be paid.
    await tx
      .update(payments)
      .set({ status: 'canceled', updatedAt: deps.now })
      .where(and(eq(payments.bookingId, b.id), isNull(payments.providerPaymentId), eq(payments.status, 'pending')));
    return true;
  });
}
