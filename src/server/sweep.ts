import { expireBookingHolds } from './bookings/expire-booking-holds';
import { expireEventHolds } from './events/expire-event-holds';
import { expirePartyHolds } from './parties/expire-holds';
import type { PaymentDeps } from './payments/payment-deps';
import { carryOutDueRefunds, recheckStuckPayments } from './payments/sweep-payments';

export type SweepResult = { released: number; rechecked: number; refunded: number };

/**
 * One pass of the background sweep, composed of each domain's part; safe with several server processes:
 * rows are claimed with FOR UPDATE SKIP LOCKED and every step is idempotent (a second process doing the
 * same work changes nothing).
 * 1. Expired holds (tickets, then party rooms, then event places): ask the provider first (a success whose webhook was lost confirms), then release.
 * 2. Payments stuck in pending/processing: re-fetch from the provider, apply what it says (through the sellers).
 * 3. Refunds decided but not yet carried out (crash, provider outage): carry them out.
 */
export async function runSweep(deps: PaymentDeps & { now: Date; batch?: number }): Promise<SweepResult> {
  const each = { ...deps, batch: deps.batch ?? 50 };
  const released =
    (await expireBookingHolds(each)) +
    (await expirePartyHolds(deps.db, deps.now, each.batch)) +
    (await expireEventHolds(deps.db, deps.now));
  const rechecked = await recheckStuckPayments(each);
  const refunded = await carryOutDueRefunds(each);
  return { released, rechecked, refunded };
}
