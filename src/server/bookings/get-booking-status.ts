import QRCode from 'qrcode';
import type { BookingStatusResponse } from '../../shared/contracts/booking';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { hashToken, sameSecret } from '../security/tokens';
import { giftVoucherBalanceOf } from '../gift-vouchers/booking-gift-voucher';
import { loadBookingDetails } from './booking-details';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/bookings/{id}: the server's word on a booking (the success page never trusts the redirect).
 * Only for the browser that made it (its secret) or the family session of its address: to anyone
 * else a booking that exists looks like one that does not.
 */
export async function getBookingStatus(
  db: Db,
  bookingId: string,
  viewer: { secret?: string; familyEmail?: string },
): Promise<BookingStatusResponse> {
  const b = UUID.test(bookingId) ? await loadBookingDetails(db, bookingId.toLowerCase()) : null;
  const allowed =
    !!b &&
    ((!!viewer.secret &&
      !!b.viewerSecretHash &&
      viewer.secret.length <= 100 &&
      sameSecret(hashToken(viewer.secret), b.viewerSecretHash)) ||
      (!!viewer.familyEmail && b.customerEmail.toLowerCase() === viewer.familyEmail));
  if (!b || !allowed) throw new AppError('booking_not_found', 'We could not find that booking.');
  const response: BookingStatusResponse = {
    bookingId: b.id,
    reference: b.reference,
    status: b.status,
    customerName: b.customerName,
    date: b.visitDate,
    sessionLabel: b.sessionLabel,
    tickets: b.lines.map((l) => ({ title: l.title, quantity: l.quantity, unitPrice: l.unitPricePence })),
    totalAmount: b.finalPence,
    sessionCreditsUsed: b.creditsUsed ?? 0,
    creditSavings: b.creditSavingsPence ?? 0,
    voucherDiscount: b.voucherDiscountPence ?? 0,
    giftVoucher: b.giftVoucherPence ?? 0,
    ...(b.membershipCoverPence ? { membershipCover: b.membershipCoverPence } : {}),
  };
  // What is left on the gift voucher that paid: the success page tells its holder (who typed its code).
  const left = b.giftVoucherPence ? await giftVoucherBalanceOf(db, b.giftVoucherId ?? null) : undefined;
  if (left !== undefined) response.giftVoucherBalance = left;
  // The ticket exists only once paid: before that there is nothing to scan.
  if (b.status === 'confirmed')
    response.ticketQr = await QRCode.toDataURL(b.ticketToken, { width: 320, margin: 2, errorCorrectionLevel: 'M' });
  return response;
}
