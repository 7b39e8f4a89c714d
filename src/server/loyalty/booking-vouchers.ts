import { and, eq, inArray } from 'drizzle-orm';
import type { RewardId } from '../../shared/contracts/loyalty';
import type { Db } from '../db/client';
import { loyaltyVouchers } from '../db/schema';
import { AppError } from '../http/errors';

/**
 * Loyalty vouchers used at booking (DECISIONS.md "Loyalty"): "10% off" takes 10% off what is left to
 * pay after session credits; "free session" makes one child (1-12) ticket free. A voucher follows its
 * booking's hold like session credits do (decision 004): issued -> held (booking created) -> used
 * (confirmed); back to issued when the hold ends, the payment fails, or the booking is cancelled or
 * refunded. Every step is one conditional update made under the booking's row lock, so it happens once.
 */
export const bookingVoucherEffects: Partial<Record<RewardId, { percentOff: number } | { freeChildTickets: number }>> = {
  'ten-percent-off': { percentOff: 10 },
  'free-session': { freeChildTickets: 1 },
};

/** PTB-ABCD-EFGH however it was typed (spaces, lower case, no dashes). */
export function normaliseVoucherCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return bare.length === 11 && bare.startsWith('PTB')
    ? `PTB-${bare.slice(3, 7)}-${bare.slice(7)}`
    : typed.trim().toUpperCase();
}

const invalid = () =>
  new AppError('voucher_invalid', 'We could not find that voucher code. Please check it and try again.', {
    fields: { voucherCode: ['We could not find that voucher code'] },
  });

export type VoucherRequest = { id: string; rewardId: RewardId; freeChildTickets: number };

/** Looks a typed code up before the booking's transaction (no lock): what kind of voucher is it? */
export async function findBookingVoucher(db: Db, typed: string): Promise<VoucherRequest> {
  const [v] = await db
    .select({ id: loyaltyVouchers.id, rewardId: loyaltyVouchers.rewardId })
    .from(loyaltyVouchers)
    .where(eq(loyaltyVouchers.code, normaliseVoucherCode(typed)));
  if (!v) throw invalid();
  const effect = bookingVoucherEffects[v.rewardId as RewardId];
  if (!effect)
    throw new AppError('voucher_not_for_booking', 'This voucher is used at the venue: please show it to our staff.', {
      fields: { voucherCode: ['This voucher is used at the venue'] },
    });
  return {
    id: v.id,
    rewardId: v.rewardId as RewardId,
    freeChildTickets: 'freeChildTickets' in effect ? effect.freeChildTickets : 0,
  };
}

/**
 * In the booking's transaction, after the credit account's lock (the order every verb keeps): locks the
 * voucher row, checks it is still unused, and works out what it takes off.
 */
export async function lockVoucherDiscount(
  tx: Db,
  v: VoucherRequest,
  o: { payablePence: number; childUnitPence: number },
): Promise<number> {
  const [row] = await tx.select().from(loyaltyVouchers).where(eq(loyaltyVouchers.id, v.id)).for('update');
  if (!row) throw invalid();
  if (row.status === 'held')
    throw new AppError(
      'voucher_held',
      'This voucher is on another booking waiting for payment. Please try again in 15 minutes.',
      { fields: { voucherCode: ['This voucher is on another booking'] } },
    );
  if (row.status !== 'issued')
    throw new AppError('voucher_used', 'This voucher has already been used.', {
      fields: { voucherCode: ['This voucher has already been used'] },
    });
  const effect = bookingVoucherEffects[v.rewardId]!;
  const discount =
    'percentOff' in effect
      ? Math.floor((o.payablePence * effect.percentOff) / 100)
      : effect.freeChildTickets * o.childUnitPence;
  return Math.min(discount, o.payablePence);
}

export async function holdVoucher(tx: Db, voucherId: string, bookingId: string): Promise<void> {
  await tx
    .update(loyaltyVouchers)
    .set({ status: 'held', bookingId })
    .where(and(eq(loyaltyVouchers.id, voucherId), eq(loyaltyVouchers.status, 'issued')));
}

type BookingVoucher = { id: string; voucherId: string | null };

/** On confirmation: the held voucher is used. */
export async function spendBookingVoucher(tx: Db, b: BookingVoucher, now: Date): Promise<void> {
  if (!b.voucherId) return;
  await tx
    .update(loyaltyVouchers)
    .set({ status: 'used', usedAt: now, usedBy: 'online booking' })
    .where(
      and(eq(loyaltyVouchers.id, b.voucherId), eq(loyaltyVouchers.bookingId, b.id), eq(loyaltyVouchers.status, 'held')),
    );
}

/** Hold ended, payment failed, cancelled or refunded: the voucher can be used again. */
export async function returnBookingVoucher(tx: Db, b: BookingVoucher): Promise<void> {
  if (!b.voucherId) return;
  await tx
    .update(loyaltyVouchers)
    .set({ status: 'issued', bookingId: null, usedAt: null, usedBy: null })
    .where(
      and(
        eq(loyaltyVouchers.id, b.voucherId),
        eq(loyaltyVouchers.bookingId, b.id),
        inArray(loyaltyVouchers.status, ['held', 'used']),
      ),
    );
}

/**
 * A payment that arrives after the hold (and its voucher) were released: can the voucher be taken
 * again? Locks it: call after the credit account, before the occupancy rows. False when another
 * booking has used it meanwhile; the payment is then refunded like one that finds no room.
 */
export async function canRetakeBookingVoucher(tx: Db, b: BookingVoucher): Promise<boolean> {
  if (!b.voucherId) return true;
  const [v] = await tx.select().from(loyaltyVouchers).where(eq(loyaltyVouchers.id, b.voucherId)).for('update');
  return !!v && (v.status === 'issued' || v.bookingId === b.id);
}

export async function retakeBookingVoucher(tx: Db, b: BookingVoucher): Promise<void> {
  if (!b.voucherId) return;
  await tx
    .update(loyaltyVouchers)
    .set({ status: 'held', bookingId: b.id })
    .where(and(eq(loyaltyVouchers.id, b.voucherId), eq(loyaltyVouchers.status, 'issued')));
}
