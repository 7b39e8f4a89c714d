import type { Db } from '../db/client';
import { spendGiftVoucherOnBooking } from '../gift-vouchers/booking-gift-voucher';
import { AppError } from '../http/errors';
import { holdVoucher } from '../loyalty/booking-vouchers';
import { insertBookingChildren } from './booking-children';
import type { BookingListeners } from './booking-listeners';
import { sessionsCounted, takePlaces } from './capacity';
import { confirmBooking } from './confirm-booking';
import type { BookingCover } from './create-booking-cover';
import type { BookingDiscounts } from './create-booking-discounts';
import type { BookingInput, BookingRequest } from './create-booking-inputs';
import { insertHeldBooking } from './insert-held-booking';
import { recordMemberCover } from './member-cover';
import { holdExpiry } from './visit-time';

export const CAPACITY_MESSAGE = 'Sorry, that session is now full. Please choose another time.';

export type HoldOptions = {
  /** The booking's own id (a member's walk-in), else a random one. */
  bookingId?: string;
  clientAddress: string | null;
  viewerSecretHash: string;
  /** The provider that will take the payment, when there is one to take. */
  providerName: string;
  redeemOffer?: BookingListeners['redeemOffer'];
  /** For the confirmation mail of a booking nothing is left to pay on. */
  secret: string;
  publicUrl: string;
  now: Date;
};

/**
 * The held booking, in the transaction, after every lock but the occupancy rows': its row (15-minute hold),
 * its children, what the membership paid, the vouchers held or spent, a waiting list offer given back, and
 * then (last lock) the places taken. A booking nothing is left to pay on is confirmed at once. Throwing rolls
 * back every row above (credit hold included): a refused booking leaves nothing behind.
 */
export async function holdBooking(
  tx: Db,
  input: BookingInput,
  request: BookingRequest,
  parts: BookingCover & BookingDiscounts,
  opts: HoldOptions,
) {
  const { date, sessionId, order, creditEmail } = request;
  const { cover, covered, credits, voucher, giftLock, finalPence } = parts;
  const row = await insertHeldBooking(tx, {
    id: opts.bookingId,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    customerPhone: input.customerPhone,
    visitDate: date,
    sessionId,
    specialRequests: input.specialRequests ?? '',
    loyaltyOptIn: input.loyaltyOptIn,
    order,
    finalPence,
    credits,
    membershipCoverPence: covered.pence,
    voucher,
    giftVoucher: giftLock && giftLock.spendPence > 0 ? { id: giftLock.voucher.id, pence: giftLock.spendPence } : null,
    holdExpiresAt: holdExpiry(opts.now),
    clientAddress: opts.clientAddress,
    viewerSecretHash: opts.viewerSecretHash,
    paymentProvider: finalPence > 0 ? opts.providerName : null,
    now: opts.now,
  });
  await insertBookingChildren(tx, { bookingId: row.id, email: creditEmail, childIds: request.childIds, cover });
  await recordMemberCover(tx, { bookingId: row.id, cover, byMembership: covered.byMembership });
  if (voucher) await holdVoucher(tx, voucher.id, row.id);
  const gift = giftLock ? await spendGiftVoucherOnBooking(tx, giftLock, { bookingId: row.id, now: opts.now }) : null;
  const counted = sessionsCounted(sessionId, request.allIds);
  // A waiting list offer gives back the places it holds for this family, just before the booking takes them.
  if (input.offerToken) {
    if (!opts.redeemOffer) throw new Error('a booking with a waiting list offer needs redeemOffer');
    await opts.redeemOffer(tx, {
      token: input.offerToken,
      email: input.customerEmail,
      date,
      sessionId,
      sessionIds: counted,
      bookingId: row.id,
      now: opts.now,
    });
  }
  if (order.places > 0 && !(await takePlaces(tx, date, counted, order.places)))
    throw new AppError('capacity_exhausted', CAPACITY_MESSAGE);
  if (finalPence === 0)
    await confirmBooking(tx, {
      bookingId: row.id,
      secret: opts.secret,
      publicUrl: opts.publicUrl,
      now: opts.now,
      catalogue: request.catalogue,
    });
  return { row, gift };
}
