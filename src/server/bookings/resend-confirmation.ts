import { loadBookingDetails } from './booking-details';
import { normaliseFamilyEmail } from '../../shared/contracts/family';
import { familyPageUrl, hasAcceptedAgreement } from '../families/agreements';
import { confirmationMail } from './booking-mails';
import { cancelUrl } from './confirm-booking';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { getAppSecret } from '../security/app-secret';
import { myBookingsUrl } from '../families/my-bookings-link';

/** POST /api/family/bookings/{id}/resend: the confirmation e-mail again (ticket QR, .ics, links), to the booking's address. */
export async function resendConfirmation(opts: {
  db: Db;
  bookingId: string;
  publicUrl: string;
  now: Date;
}): Promise<{ success: true }> {
  const { db, bookingId, publicUrl, now } = opts;
  const b = await loadBookingDetails(db, bookingId);
  if (!b || b.status !== 'confirmed')
    throw new AppError('not_confirmed', 'Only a confirmed booking has a confirmation to send again.');
  const secret = await getAppSecret(db);
  const mail = await confirmationMail(b, {
    cancelUrl: cancelUrl(publicUrl, secret, b.id),
    myBookingsUrl: myBookingsUrl(publicUrl, secret, b.id),
    now,
    catalogue: await publicCatalogue(db, now),
    agreementUrl: (await hasAcceptedAgreement(db, normaliseFamilyEmail(b.customerEmail), now))
      ? undefined
      : familyPageUrl(publicUrl),
  });
  // Its own key: the first confirmation's dedupe key would swallow it.
  await enqueueMail(db, { ...mail, dedupeKey: `booking-resent:${b.id}:${now.getTime()}` });
  return { success: true };
}
