import { lockCreditsFor } from '../credits/booking-credits';
import type { Db } from '../db/client';
import { lockGiftVoucherFor, type LockedGiftVoucher } from '../gift-vouchers/booking-gift-voucher';
import { lockVoucherDiscount } from '../loyalty/booking-vouchers';
import type { BookingCover } from './create-booking-cover';
import type { BookingInput, BookingRequest } from './create-booking-inputs';

export type BookingDiscounts = {
  credits: { used: number; savingsPence: number; email: string };
  voucher: { id: string; discountPence: number } | null;
  giftLock: LockedGiftVoucher | null;
  /** What is left to pay by card. */
  finalPence: number;
};

/**
 * Session credits, then a loyalty voucher, then a gift voucher, each taking off what is left after the
 * membership's cover and the ones before it; then the client's total checked against what is left.
 * Lock order: credit account, voucher row, gift voucher row (the occupancy rows come last, in holdBooking).
 * A family with no credit account skips the lock (one round trip less on the hot path); an account created
 * since then only means this booking came first. Spending always happens under the lock, so nothing is
 * spent twice either way.
 */
export async function spendCreditsAndVouchers(
  tx: Db,
  input: BookingInput,
  request: BookingRequest,
  opts: { covered: BookingCover['covered']; creditsAllowed: boolean; memberOnly: boolean; now: Date },
): Promise<BookingDiscounts> {
  const { order, creditable, creditUnitPence, creditEmail, voucherRequest, giftCode } = request;
  const { covered, now } = opts;
  const creditableLeft = Math.max(
    0,
    (creditable?.quantity ?? 0) - request.freeChildren - (covered.byType.get(creditable?.ticketTypeId ?? '') ?? 0),
  );
  const used =
    request.hasCreditAccount && opts.creditsAllowed && !opts.memberOnly
      ? await lockCreditsFor(tx, creditEmail, creditableLeft)
      : 0;
  const credits = { used, savingsPence: used * creditUnitPence, email: creditEmail };
  // The voucher row is locked after the credit account and before the occupancy rows.
  const voucher = voucherRequest
    ? {
        id: voucherRequest.id,
        discountPence: await lockVoucherDiscount(tx, voucherRequest, {
          payablePence: order.totalPence - covered.pence - credits.savingsPence,
          childUnitPence: creditUnitPence,
        }),
      }
    : null;
  const afterDiscounts = order.totalPence - covered.pence - credits.savingsPence - (voucher?.discountPence ?? 0);
  // A gift voucher's row is locked here too (a booking names one voucher): it pays up to its balance.
  const giftLock = giftCode
    ? await lockGiftVoucherFor(tx, { code: giftCode, payablePence: afterDiscounts, now })
    : null;
  const finalPence = afterDiscounts - (giftLock?.spendPence ?? 0);
  // Without a proven address a hint priced with credits is not an error (that would say the address has some).
  // With a gift voucher the hint may be the total before it or after it (what the page showed).
  if (
    !request.hintBeforeCredits &&
    input.totalAmount !== finalPence &&
    !(giftLock && input.totalAmount === afterDiscounts) &&
    (opts.creditsAllowed || input.totalAmount > afterDiscounts)
  )
    throw request.mismatch();
  return { credits, voucher, giftLock, finalPence };
}
