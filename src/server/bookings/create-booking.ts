import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateBookingResponse, createBookingSchema } from '../../shared/contracts/booking';
import { formatPence } from '../../shared/money';
import { normaliseCreditEmail } from '../../shared/contracts/credits';
import { isWeekend, isWithinBookableRange } from '../../shared/dates';
import { creditTicketOf } from '../../shared/visit-rules';
import { enforcePendingPaymentCap, type PendingPaymentClient } from '../abuse/pending-payment-cap';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { lockCreditsFor } from '../credits/booking-credits';
import { findBookingVoucher, holdVoucher, lockVoucherDiscount } from '../loyalty/booking-vouchers';
import {
  isGiftVoucherCode,
  lockGiftVoucherFor,
  spendGiftVoucherOnBooking,
} from '../gift-vouchers/booking-gift-voucher';
import { payments } from '../db/schema';
import { AppError } from '../http/errors';
import { getAppSecret } from '../security/app-secret';
import type { PaymentDeps } from '../payments/payment-deps';
import { hashToken, newToken } from '../security/tokens';
import { sessionsCounted, takePlaces } from './capacity';
import { confirmBooking } from './confirm-booking';
import { loadBookingInputs } from './booking-inputs';
import { insertHeldBooking } from './insert-held-booking';
import { checkNamedChildren, insertBookingChildren } from './booking-children';
import { coverValue, noCover, recordMemberCover, type CoverMembers } from './member-cover';
import { abandonBooking } from './abandon-booking';
import type { BookingListeners } from './booking-listeners';
import { priceOrder } from './pricing';
import { holdExpiry, isStillBookable } from './visit-time';

type Input = z.infer<typeof createBookingSchema>;

export const CAPACITY_MESSAGE = 'Sorry, that session is now full. Please choose another time.';

/** A member's walk-in that the membership does not pay for in full (checked under the membership's lock). */
export const notCovered = () =>
  new AppError('not_covered', 'Your membership does not cover a visit now. Please ask at the desk.');

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
    input: Input;
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
  const date = input.selectedDate;
  const sessionId = input.selectedTime ? input.selectedTime : null;
  const weekend = isWeekend(date);

  if (!isWithinBookableRange(date, now))
    throw new AppError('date_out_of_range', 'Please choose a date from today up to one month ahead.', {
      fields: { selectedDate: ['Please choose a date from today up to one month ahead'] },
    });
  const creditEmail = normaliseCreditEmail(input.customerEmail);
  const {
    types,
    sessionIds: allIds,
    sessionLabels,
    blocked,
    hasCreditAccount,
    bandId,
  } = await loadBookingInputs(db, date, sessionId, creditEmail);
  if (sessionId && !allIds.includes(sessionId))
    throw new AppError('invalid_input', 'Please choose a session time.', {
      fields: { selectedTime: ['Unknown session'] },
    });
  if (!sessionId && weekend)
    throw new AppError('session_required', 'Please choose a session time: weekends are sold as 2-hour sessions.', {
      fields: { selectedTime: ['Please choose a session time'] },
    });
  const catalogue = await publicCatalogue(db, now);
  if (!isStillBookable(date, sessionId, now, catalogue))
    throw new AppError(
      'session_closed',
      'Booking for that time has closed. Please choose a later session or another day.',
      { fields: { selectedTime: ['Booking for that time has closed'] } },
    );

  const order = priceOrder(input.ticketQuantities, types, { weekend, sessionId, sessionLabels });
  const childIds = checkNamedChildren({
    childIds: input.childIds ?? [],
    creditsAllowed: opts.creditsAllowed,
    order,
    types,
  });
  // Session credits pay for child 1-12 tickets, one credit each (SPEC.md section 9): the catalogue's credit ticket.
  const creditTicketTypeId = creditTicketOf(types)?.id;
  const creditable = order.lines.find((l) => l.ticketTypeId === creditTicketTypeId);
  const creditUnitPence = creditable ? creditable.unitPricePence + creditable.unitFeePence : 0;
  // The client's total is a hint (DECISIONS.md): the total before credits (what the booking page shows) or
  // after them both match; the second can only be checked once the credits are locked, in the transaction.
  const mismatch = () =>
    new AppError(
      'total_mismatch',
      `Prices have changed: your tickets now come to ${formatPence(order.totalPence)}, not ${formatPence(input.totalAmount)}. Please check your order and try again.`,
    );
  const hintBeforeCredits = order.totalPence === input.totalAmount;
  // The voucherCode field takes a gift voucher's code too: it pays what is left after credits (locked in the transaction).
  const giftCode = input.voucherCode && isGiftVoucherCode(input.voucherCode) ? input.voucherCode : null;
  // A loyalty voucher: what kind it is (looked up without a lock); a free session takes one child ticket before credits do.
  const voucherRequest = input.voucherCode && !giftCode ? await findBookingVoucher(db, input.voucherCode) : null;
  if (voucherRequest?.freeChildTickets && !creditable)
    throw new AppError(
      'voucher_needs_child',
      'This voucher is for one child (1-12 years) ticket. Please add one to use it.',
      { fields: { voucherCode: ['Add a child (1-12 years) ticket to use this voucher'] } },
    );
  const freeChildren = Math.min(voucherRequest?.freeChildTickets ?? 0, creditable?.quantity ?? 0);
  // A membership may pay for the named children's places: known only under its lock, so checked in the transaction.
  const mayBeCovered = childIds.length > 0 && opts.coverMembers !== undefined;
  if (
    !hintBeforeCredits &&
    !mayBeCovered &&
    !voucherRequest &&
    !giftCode &&
    !(
      creditable &&
      input.totalAmount < order.totalPence &&
      (order.totalPence - input.totalAmount) % creditUnitPence === 0
    )
  )
    throw mismatch();
  if (blocked)
    throw new AppError(
      'session_unavailable',
      'Sorry, that time is not available for booking. Please choose another date or time.',
    );
  const counted = sessionsCounted(sessionId, allIds);
  const secret = await getAppSecret(db);
  // Returned once: the browser that made the booking shows it with this (GET /api/bookings/{id}).
  const viewerSecret = newToken();

  const { booking, credits, finalPence, voucherDiscount, gift, membershipCover } = await db.transaction(async (tx) => {
    // First lock of all: at most 3 unpaid holds per e-mail and per client address.
    if (opts.client)
      await enforcePendingPaymentCap(tx, { kind: 'booking', email: input.customerEmail, client: opts.client, now });
    // Lock order: credit account, then (last) the occupancy rows. A family with no credit account skips the
    // lock (one round trip less on the hot path); an account created since then only means this booking
    // came first. Spending always happens under the lock, so nothing is spent twice either way.
    // Then the membership (memberships/, composed): the places it pays for are neither paid nor taken from credits.
    const cover =
      mayBeCovered && opts.coverMembers
        ? await opts.coverMembers(tx, {
            email: creditEmail,
            childIds,
            visitDate: date,
            bandId,
            order,
            adultTicketTypeIds: types.filter((t) => !t.isChild).map((t) => t.id),
            now,
          })
        : noCover;
    const covered = coverValue(order, cover);
    if (opts.memberOnly && covered.pence < order.totalPence) throw notCovered();
    const creditableLeft = Math.max(
      0,
      (creditable?.quantity ?? 0) - freeChildren - (covered.byType.get(creditable?.ticketTypeId ?? '') ?? 0),
    );
    const used =
      hasCreditAccount && opts.creditsAllowed && !opts.memberOnly
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
      !hintBeforeCredits &&
      input.totalAmount !== finalPence &&
      !(giftLock && input.totalAmount === afterDiscounts) &&
      (opts.creditsAllowed || input.totalAmount > afterDiscounts)
    )
      throw mismatch();
    const row = await insertHeldBooking(tx, {
      id: opts.memberOnly?.bookingId,
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
      holdExpiresAt: holdExpiry(now),
      clientAddress: opts.client?.address ?? null,
      viewerSecretHash: hashToken(viewerSecret),
      paymentProvider: finalPence > 0 ? provider.name : null,
      now,
    });
    await insertBookingChildren(tx, { bookingId: row.id, email: creditEmail, childIds, cover });
    await recordMemberCover(tx, { bookingId: row.id, cover, byMembership: covered.byMembership });
    if (voucher) await holdVoucher(tx, voucher.id, row.id);
    const gift = giftLock ? await spendGiftVoucherOnBooking(tx, giftLock, { bookingId: row.id, now }) : null;
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
        now,
      });
    }
    // Throwing rolls back the rows above (credit hold included): a refused booking leaves nothing behind.
    if (order.places > 0 && !(await takePlaces(tx, date, counted, order.places)))
      throw new AppError('capacity_exhausted', CAPACITY_MESSAGE);
    if (finalPence === 0)
      await confirmBooking(tx, { bookingId: row.id, secret, publicUrl: opts.publicUrl, now, catalogue });
    return {
      booking: row,
      credits,
      finalPence,
      voucherDiscount: voucher?.discountPence ?? 0,
      gift,
      membershipCover: covered.pence,
    };
  });

  const base = {
    bookingId: booking.id,
    sessionCreditsUsed: credits.used,
    originalAmount: order.totalPence,
    finalAmount: finalPence,
    creditSavings: credits.savingsPence,
    voucherDiscount,
    membershipCover,
    giftVoucherPence: gift?.spentPence ?? 0,
    ...(gift ? { giftVoucherBalancePence: gift.balanceAfterPence } : {}),
    bookingSecret: viewerSecret,
  };
  if (finalPence === 0) return { ...base, clientSecret: '' };

  let created: { providerPaymentId: string; clientSecret: string };
  try {
    created = await provider.createPayment({
      amountPence: finalPence,
      idempotencyKey: booking.id,
      description: `${catalogue.venue.name} booking ${booking.reference}`,
      email: input.customerEmail,
      metadata: { bookingId: booking.id, reference: booking.reference },
    });
  } catch (err) {
    opts.log?.error({ err, bookingId: booking.id }, 'payment provider refused to create a payment');
    await abandonBooking(db, booking.id, now);
    throw new AppError('payment_unavailable', 'We could not start the payment just now. Please try again in a moment.');
  }
  await db
    .update(payments)
    .set({ providerPaymentId: created.providerPaymentId, clientSecret: created.clientSecret, updatedAt: sql`now()` })
    .where(eq(payments.bookingId, booking.id));
  return { ...base, clientSecret: created.clientSecret };
}
