import type { CreateBookingResponse } from '../../shared/contracts/booking';
import { enforcePendingPaymentCap, type PendingPaymentClient } from '../abuse/pending-payment-cap';
import { getAppSecret } from '../security/app-secret';
import type { PaymentDeps } from '../payments/payment-deps';
import { hashToken, newToken } from '../security/tokens';
import type { BookingListeners } from './booking-listeners';
import { coverBooking } from './create-booking-cover';
import { spendCreditsAndVouchers } from './create-booking-discounts';
import { holdBooking } from './create-booking-holds';
import { readBookingRequest, type BookingInput } from './create-booking-inputs';
import type { CoverMembers } from './member-cover';
import { startBookingPayment } from './start-booking-payment';

export { CAPACITY_MESSAGE } from './create-booking-holds';
export { notCovered } from './create-booking-cover';

/**
 * POST /api/create-booking-payment. One transaction validates the slot, reserves the family's session
 * credits (their account row locked), locks the occupancy rows it needs, checks room, and writes the
 * booking (15-minute hold), its lines and its payment row; a booking the credits cover in full is
 * confirmed at once. The provider is called after commit (no lock held across a network call) with
 * the booking id as the idempotency key; a crash in between leaves a pending booking with no payable secret, which the sweep
 * releases when the hold expires, so nothing can be charged that we have no record of.
 */
export async function createBooking(
  opts: PaymentDeps & {
    input: BookingInput;
    now: Date;
    client?: PendingPaymentClient;
    /**
     * Whether this browser has proven the booking's address (a family session for it). When it has not,
     * the booking uses no credits and is priced without them, whatever the client sent, and says nothing.
     */
    creditsAllowed: boolean;
    /** Redeems a waiting list offer named by input.offerToken (the waiting list, as composed in app.ts). */
    redeemOffer?: BookingListeners['redeemOffer'];
    /** What a membership pays for, for the named children (the memberships domain, as composed in app.ts). */
    coverMembers?: CoverMembers;
    /**
     * A member's walk-in at the kiosk (issue 40): only a membership pays. The booking gets this id (the caller
     * derives it from the kiosk's request id, so a retry finds it), uses no credits, and is refused with
     * `not_covered` unless the cover pays for every place.
     */
    memberOnly?: { bookingId: string };
  },
): Promise<CreateBookingResponse> {
  const { db, input, now, provider } = opts;
  const memberOnly = opts.memberOnly !== undefined;
  const request = await readBookingRequest(db, input, now, {
    creditsAllowed: opts.creditsAllowed,
    mayUseCover: opts.coverMembers !== undefined,
  });
  const secret = await getAppSecret(db);
  // Returned once: the browser that made the booking shows it with this (GET /api/bookings/{id}).
  const viewerSecret = newToken();

  const { booking, discounts, covered, gift } = await db.transaction(async (tx) => {
    // First lock of all: at most 3 unpaid holds per e-mail and per client address.
    if (opts.client)
      await enforcePendingPaymentCap(tx, { kind: 'booking', email: input.customerEmail, client: opts.client, now });
    // Lock order: the membership, the credit account, the vouchers, then (last) the occupancy rows.
    const cover = await coverBooking(tx, request, { coverMembers: opts.coverMembers, memberOnly, now });
    const discounts = await spendCreditsAndVouchers(tx, input, request, {
      covered: cover.covered,
      creditsAllowed: opts.creditsAllowed,
      memberOnly,
      now,
    });
    const { row, gift } = await holdBooking(
      tx,
      input,
      request,
      { ...cover, ...discounts },
      {
        bookingId: opts.memberOnly?.bookingId,
        clientAddress: opts.client?.address ?? null,
        viewerSecretHash: hashToken(viewerSecret),
        providerName: provider.name,
        redeemOffer: opts.redeemOffer,
        secret,
        publicUrl: opts.publicUrl,
        now,
      },
    );
    return { booking: row, discounts, covered: cover.covered, gift };
  });

  const { credits, finalPence } = discounts;
  const base = {
    bookingId: booking.id,
    sessionCreditsUsed: credits.used,
    originalAmount: request.order.totalPence,
    finalAmount: finalPence,
    creditSavings: credits.savingsPence,
    voucherDiscount: discounts.voucher?.discountPence ?? 0,
    membershipCover: covered.pence,
    giftVoucherPence: gift?.spentPence ?? 0,
    ...(gift ? { giftVoucherBalancePence: gift.balanceAfterPence } : {}),
    bookingSecret: viewerSecret,
  };
  if (finalPence === 0) return { ...base, clientSecret: '' };
  const clientSecret = await startBookingPayment(opts, booking, {
    amountPence: finalPence,
    venueName: request.catalogue.venue.name,
    email: input.customerEmail,
    now,
  });
  return { ...base, clientSecret };
}
