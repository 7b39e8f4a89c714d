import { eq } from 'drizzle-orm';
import { normaliseFamilyEmail } from '../../shared/contracts/family';
import { familyPageUrl, hasAcceptedAgreement } from '../families/agreements';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { enqueueMail } from '../mail/enqueue-mail';
import { consumeBookingCredits } from '../credits/booking-credits';
import { awardBookingPoints } from '../loyalty/booking-points';
import { spendBookingVoucher } from '../loyalty/booking-vouchers';
import { myBookingsUrl } from '../families/my-bookings-link';
import { signToken } from '../security/app-secret';
import { confirmationMail, type BookingMailCatalogue } from './booking-mails';
import { loadBookingDetails } from './booking-details';

export const CANCEL_TOKEN_PURPOSE = 'cancel-booking';

export function cancelUrl(publicUrl: string, secret: string, bookingId: string): string {
  return `${publicUrl}/cancel-booking?token=${encodeURIComponent(signToken(secret, CANCEL_TOKEN_PURPOSE, bookingId))}`;
}

/**
 * Turns a held booking into a sale, inside the caller's transaction (booking row locked, places held):
 * status, its reserved session credits and voucher spent, its loyalty points earned, and the confirmation mail
 * with its QR ticket and .ics, atomically. Every confirmation path (payment report, sweep, free booking) comes here.
 */
export async function confirmBooking(
  tx: Db,
  opts: {
    bookingId: string;
    secret: string;
    publicUrl: string;
    now: Date;
    /** The venue's facts for the mail, read by the caller before its transaction (publicCatalogue). */
    catalogue: BookingMailCatalogue;
  },
): Promise<void> {
  const [b] = await tx
    .update(bookings)
    .set({ status: 'confirmed', confirmedAt: opts.now, holdExpiresAt: null, updatedAt: opts.now })
    .where(eq(bookings.id, opts.bookingId))
    .returning();
  if (!b) throw new Error(`booking ${opts.bookingId} vanished while confirming`);
  await consumeBookingCredits(tx, b, opts.now);
  await spendBookingVoucher(tx, b, opts.now);
  await awardBookingPoints({
    tx,
    bookingId: b.id,
    customerEmail: b.customerEmail,
    customerName: b.customerName,
    loyaltyOptIn: b.loyaltyOptIn,
    paidPence: b.finalPence,
    visitDate: b.visitDate,
  });
  const details = await loadBookingDetails(tx, b.id);
  await enqueueMail(
    tx,
    await confirmationMail(details!, {
      cancelUrl: cancelUrl(opts.publicUrl, opts.secret, b.id),
      myBookingsUrl: myBookingsUrl(opts.publicUrl, opts.secret, b.id),
      now: opts.now,
      catalogue: opts.catalogue,
      agreementUrl: (await hasAcceptedAgreement(tx, normaliseFamilyEmail(b.customerEmail), opts.now))
        ? undefined
        : familyPageUrl(opts.publicUrl),
    }),
  );
}
