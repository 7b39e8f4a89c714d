import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bookings, giftVouchers } from '../db/schema';
import { AppError } from '../http/errors';
import { normaliseVoucherCode } from './gift-voucher-code';
import {
  appendVoucherEntry,
  assertSpendable,
  lockVoucher,
  lockVoucherByCode,
  redeemGiftVoucher,
  refundToGiftVoucher,
  type GiftVoucherRow,
} from './voucher-ledger';

/**
 * A gift voucher paying for a booking (issue 29) follows the booking's hold as session credits do
 * (credits/booking-credits.ts), but its value moves at once: taken off the voucher when the booking is
 * made ('spent'), given back when the hold ends, the payment fails or the booking is cancelled
 * ('returned'), and taken again by a payment that arrives late. Each step is a state flip on the booking
 * row, which the caller has locked, plus one ledger entry naming the booking: so the value moves once
 * each way.
 */
export type BookingGiftVoucher = {
  id: string;
  giftVoucherId: string | null;
  giftVoucherPence: number;
  giftVoucherState: (typeof bookings.$inferSelect)['giftVoucherState'];
};

/**
 * Whether the voucherCode field holds a gift voucher's code rather than a loyalty voucher's
 * (PTB-XXXX-XXXX, 11 characters): a gift code is 20 characters, with or without its GV prefix.
 */
export function isGiftVoucherCode(typed: string): boolean {
  const bare = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return !(bare.startsWith('PTB') && bare.length === 11);
}

/** Whether a refusal says the code names no voucher (what a guess gets): those count against the limits. */
export const isUnknownGiftCode = (err: unknown) => err instanceof AppError && err.code === 'gift_code_unknown';

const field = (message: string) => ({ fields: { voucherCode: [message] } });

/**
 * The checkout's refusals, for tickets and parties alike: 400s on the voucherCode field (the order cannot be
 * taken as sent), carrying the messages the balance check gives (an expired voucher with its date); an
 * unknown code says only that.
 */
export function giftCodeRefusal(err: unknown): unknown {
  if (!(err instanceof AppError)) return err;
  switch (err.code) {
    case 'gift_voucher_not_found':
      return new AppError(
        'gift_code_unknown',
        'We could not find a gift voucher with that code. Please check it and try again.',
        field('We could not find a gift voucher with that code'),
      );
    case 'gift_voucher_expired':
      return new AppError('gift_code_expired', err.message, field(err.message));
    case 'gift_voucher_void':
      return new AppError('gift_code_void', err.message, field(err.message));
    case 'gift_voucher_spent':
      return new AppError('gift_code_spent', err.message, field(err.message));
    default:
      return err;
  }
}

export type LockedGiftVoucher = { code: string; voucher: GiftVoucherRow; spendPence: number };

/**
 * In the booking's transaction, after the credit account's lock and before the occupancy rows: locks
 * the voucher the code names, refuses one that cannot be spent today, and works out what it pays of
 * `payablePence` (all of it, or its whole balance). Nothing is written yet: the booking does not exist.
 */
export async function lockGiftVoucherFor(
  tx: Db,
  o: { code: string; payablePence: number; now: Date },
): Promise<LockedGiftVoucher> {
  const voucher = normaliseVoucherCode(o.code) ? await lockVoucherByCode(tx, o.code) : undefined;
  try {
    assertSpendable(voucher, o.now);
  } catch (err) {
    throw giftCodeRefusal(err);
  }
  return { code: o.code, voucher, spendPence: Math.max(0, Math.min(voucher.balancePence, o.payablePence)) };
}

/** Once the booking row exists (still under the voucher's lock): the value comes off the voucher. */
export async function spendGiftVoucherOnBooking(
  tx: Db,
  locked: LockedGiftVoucher,
  o: { bookingId: string; now: Date },
): Promise<{ spentPence: number; balanceAfterPence: number }> {
  if (locked.spendPence <= 0) return { spentPence: 0, balanceAfterPence: locked.voucher.balancePence };
  const spent = await redeemGiftVoucher(tx, {
    code: locked.code,
    amountPence: locked.spendPence,
    now: o.now,
    bookingId: o.bookingId,
  });
  // The lock has been held since lockGiftVoucherFor: the balance cannot have moved in between.
  if (spent.spentPence !== locked.spendPence) throw new Error('gift voucher balance moved under its lock');
  return spent;
}

async function setState(tx: Db, id: string, state: BookingGiftVoucher['giftVoucherState'], now: Date) {
  await tx.update(bookings).set({ giftVoucherState: state, updatedAt: now }).where(eq(bookings.id, id));
}

/** Hold ended, payment failed, cancelled or refunded: the voucher's part goes back on the voucher, once. */
export async function returnBookingGiftVoucher(tx: Db, b: BookingGiftVoucher, now: Date): Promise<void> {
  if (b.giftVoucherState !== 'spent' || !b.giftVoucherId || b.giftVoucherPence <= 0) return;
  await refundToGiftVoucher(tx, { voucherId: b.giftVoucherId, amountPence: b.giftVoucherPence, now, bookingId: b.id });
  await setState(tx, b.id, 'returned', now);
}

/**
 * A payment that arrives after the hold (and the voucher's part) were given back: does the voucher still
 * hold that much? Locks it: call after the credit account, before the occupancy rows. False when it has
 * been spent elsewhere or voided meanwhile; the card payment is then refunded like one that finds no room.
 */
export async function canRetakeBookingGiftVoucher(tx: Db, b: BookingGiftVoucher): Promise<boolean> {
  if (b.giftVoucherState !== 'returned' || !b.giftVoucherId) return true;
  const v = await lockVoucher(tx, b.giftVoucherId);
  return !!v && v.status === 'active' && v.balancePence >= b.giftVoucherPence;
}

/** Takes the voucher's part again (after canRetakeBookingGiftVoucher said yes, under the same lock). */
export async function retakeBookingGiftVoucher(tx: Db, b: BookingGiftVoucher, now: Date): Promise<void> {
  if (b.giftVoucherState !== 'returned' || !b.giftVoucherId) return;
  const v = await lockVoucher(tx, b.giftVoucherId);
  if (!v || v.balancePence < b.giftVoucherPence) throw new Error('gift voucher cannot be retaken');
  const after = v.balancePence - b.giftVoucherPence;
  await tx.update(giftVouchers).set({ balancePence: after, updatedAt: now }).where(eq(giftVouchers.id, v.id));
  await appendVoucherEntry(tx, {
    voucherId: v.id,
    kind: 'redeem',
    amountPence: -b.giftVoucherPence,
    balanceAfterPence: after,
    actor: 'customer',
    bookingId: b.id,
    now,
  });
  await setState(tx, b.id, 'spent', now);
}

/** The voucher's balance now, for the booking's own views (its holder typed the code). */
export async function giftVoucherBalanceOf(db: Db, voucherId: string | null): Promise<number | undefined> {
  if (!voucherId) return undefined;
  const [v] = await db
    .select({ balance: giftVouchers.balancePence, status: giftVouchers.status })
    .from(giftVouchers)
    .where(eq(giftVouchers.id, voucherId));
  return v ? (v.status === 'void' ? 0 : v.balance) : undefined;
}
