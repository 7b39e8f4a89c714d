import { eq } from 'drizzle-orm';
import { normaliseCreditEmail } from '../../shared/contracts/credits';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { appendCreditEntry, creditBalance, lockCreditAccount } from './credit-ledger';

/**
 * A booking's session credits follow its hold (DECISIONS.md "Capacity and holds"): reserved when the
 * booking is created, used when it is confirmed, given back when the hold ends, the payment fails or
 * the booking is cancelled or refunded. Every step is a state flip on the booking row, which the
 * caller has locked, plus one ledger entry: so a credit is used or given back exactly once.
 */
export type BookingCredits = {
  id: string;
  customerEmail: string;
  creditsUsed: number;
  creditsState: (typeof bookings.$inferSelect)['creditsState'];
};

/** Bookings keep the address as typed; credit accounts are keyed by its normalised form. */
const keyOf = (b: Pick<BookingCredits, 'customerEmail'>) => normaliseCreditEmail(b.customerEmail);

async function setState(tx: Db, id: string, state: BookingCredits['creditsState'], now: Date) {
  await tx.update(bookings).set({ creditsState: state, updatedAt: now }).where(eq(bookings.id, id));
}

/**
 * How many of `wanted` credits a new booking can reserve: locks the customer's account (when there
 * is one) until the booking's transaction ends, so concurrent bookings of one family queue here.
 */
export async function lockCreditsFor(tx: Db, email: string, wanted: number): Promise<number> {
  if (wanted <= 0 || !(await lockCreditAccount(tx, email))) return 0;
  const { available } = await creditBalance(tx, email);
  return Math.max(0, Math.min(wanted, available));
}

/** On confirmation: the reserved credits are spent. */
export async function consumeBookingCredits(tx: Db, b: BookingCredits, now: Date): Promise<void> {
  if (b.creditsState !== 'held' || b.creditsUsed <= 0) return;
  await appendCreditEntry(tx, { email: keyOf(b), kind: 'use', credits: b.creditsUsed, bookingId: b.id });
  await setState(tx, b.id, 'used', now);
}

/** Hold ended, payment failed, cancelled or refunded: reserved credits are released, spent ones restored. */
export async function returnBookingCredits(tx: Db, b: BookingCredits, now: Date): Promise<void> {
  if (b.creditsUsed <= 0 || (b.creditsState !== 'held' && b.creditsState !== 'used')) return;
  const kind = b.creditsState === 'held' ? 'release' : 'refund';
  await appendCreditEntry(tx, { email: keyOf(b), kind, credits: b.creditsUsed, bookingId: b.id });
  await setState(tx, b.id, kind === 'release' ? 'released' : 'restored', now);
}

/**
 * A payment that arrives after the hold (and its credits) were released: can the credits be reserved
 * again? Locks the account; call before taking places back (account before occupancy, as at booking).
 */
export async function canRetakeBookingCredits(tx: Db, b: BookingCredits): Promise<boolean> {
  if (b.creditsState !== 'released' || b.creditsUsed <= 0) return true;
  if (!(await lockCreditAccount(tx, keyOf(b)))) return false;
  return (await creditBalance(tx, keyOf(b))).available >= b.creditsUsed;
}

export async function retakeBookingCredits(tx: Db, b: BookingCredits, now: Date): Promise<void> {
  if (b.creditsState !== 'released' || b.creditsUsed <= 0) return;
  await appendCreditEntry(tx, { email: keyOf(b), kind: 'hold', credits: b.creditsUsed, bookingId: b.id });
  await setState(tx, b.id, 'held', now);
}
