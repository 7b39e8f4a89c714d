import { eq } from 'drizzle-orm';
import { normaliseFamilyEmail } from '../../shared/contracts/family';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { getAppSecret, signToken, verifyToken } from '../security/app-secret';
import { invalidLink } from './family-codes';

const PURPOSE = 'family-my-bookings';
/** The link keeps working until a month after the visit, then asks for a code like any other visit. */
const VALID_AFTER_VISIT_MS = 31 * 86_400_000;

/** The confirmation e-mail's own My Bookings link: signed, so it proves the mail was read (DECISIONS.md). */
export function myBookingsUrl(publicUrl: string, secret: string, bookingId: string): string {
  return `${publicUrl}/my-bookings?signin=${encodeURIComponent(signToken(secret, PURPOSE, bookingId))}`;
}

/** A signed token is `<id>.<hmac>`; the code mail's link token is random base64url, with no dot. */
export const isSignedBookingToken = (token: string) => token.includes('.');

/** The (normalised) address the signed link was sent to, or invalid_link. */
export async function emailFromBookingLink(db: Db, token: string, now: Date): Promise<string> {
  const id = verifyToken(await getAppSecret(db), PURPOSE, token);
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) throw invalidLink();
  const [b] = await db
    .select({ email: bookings.customerEmail, visitDate: bookings.visitDate })
    .from(bookings)
    .where(eq(bookings.id, id));
  if (!b || Date.parse(`${b.visitDate}T23:59:59Z`) + VALID_AFTER_VISIT_MS < now.getTime()) throw invalidLink();
  return normaliseFamilyEmail(b.email);
}
