import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { payments } from '../db/schema';
import { applyPaymentStatus } from './apply-payment-status';
import { executeDueRefund } from './execute-refund';
import type { PaymentDeps } from './payment-deps';

// A payment whose webhook is late is asked about after a minute or so, then ever less often (a quarter
// of its age between checks), so abandoned checkouts do not cost a provider call every sweep for days.
const RECHECK_MIN_SECONDS = 60;
const RECHECK_FOR_DAYS = 7; // bank debits take 1-3 business days; after a week a pending payment is dead

/** Asks the provider about one payment and applies what it says; true when that changed something. */
export async function recheckPayment(deps: PaymentDeps & { now: Date }, providerPaymentId: string): Promise<boolean> {
  try {
    const { status, details } = await deps.provider.retrievePayment(providerPaymentId);
    const applied = await applyPaymentStatus({ ...deps, providerPaymentId, status, details });
    return applied.outcome === 'updated';
  } catch (err) {
    deps.log?.warn({ err, providerPaymentId }, 'payment re-check failed');
    return false;
  }
}

/**
 * Payments stuck in pending/processing, whatever they buy: re-fetched from the provider and applied
 * through the sellers' registry. Rows are claimed with FOR UPDATE SKIP LOCKED, so two processes share the work.
 */
export async function recheckStuckPayments(deps: PaymentDeps & { now: Date; batch: number }): Promise<number> {
  const { db, now } = deps;
  const since = new Date(now.getTime() - RECHECK_FOR_DAYS * 86_400_000);
  const claimed = rowsOf<{ provider_payment_id: string }>(
    await db.execute(sql`
      update payments set last_checked_at = ${now} where id in (
        select id from payments
        where status in ('pending', 'processing') and provider_payment_id is not null and created_at >= ${since}
          and coalesce(last_checked_at, created_at) <= ${now}::timestamptz - greatest(${`${RECHECK_MIN_SECONDS} seconds`}::interval, (${now}::timestamptz - created_at) / 4)
        order by created_at limit ${deps.batch} for update skip locked)
      returning provider_payment_id`),
  );
  let rechecked = 0;
  for (const p of claimed) if (await recheckPayment(deps, p.provider_payment_id)) rechecked++;
  return rechecked;
}

/** Refunds decided but not yet carried out (crash, provider outage): carried out now, each once. */
export async function carryOutDueRefunds(deps: PaymentDeps & { now: Date; batch: number }): Promise<number> {
  const due = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.refundStatus, 'pending'))
    .limit(deps.batch);
  let refunded = 0;
  for (const p of due) {
    try {
      if (await executeDueRefund({ ...deps, paymentId: p.id })) refunded++;
    } catch (err) {
      deps.log?.warn({ err, paymentId: p.id }, 'refund still failing; will retry');
    }
  }
  return refunded;
}
