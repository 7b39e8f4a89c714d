import type { BookingStatus } from './booking';
import { z } from './zod';

/**
 * The family session contract (DECISIONS.md "Families' data: an e-mail address is not a key"): a family
 * proves an e-mail address with a 6-digit code (or the one-click link in the same mail); the browser then
 * holds a family session for that address, which credits, loyalty and My Bookings need.
 */

const emailSchema = z
  .string()
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

/** Addresses are compared trimmed and case-insensitively (as credits and loyalty do). */
export const normaliseFamilyEmail = (email: string): string => email.trim().toLowerCase();

/** POST /api/family/code */
export const familyCodeRequestSchema = z.object({ email: emailSchema });
export type FamilyCodeRequest = z.infer<typeof familyCodeRequestSchema>;
/** The same answer whether or not the address is known. */
export type FamilyCodeResponse = { sentTo: string; expiresInMinutes: number };

/** POST /api/family/confirm */
export const familyConfirmSchema = z.object({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code from your email.'),
});
export type FamilyConfirmInput = z.infer<typeof familyConfirmSchema>;

/** POST /api/family/link: the token from the e-mailed link (?signin=...), or the confirmation e-mail's My Bookings link. */
export const familyLinkSchema = z.object({ token: z.string().min(1).max(200) });

/** The answer to confirm and link: the address this browser now holds a family session for. */
export type FamilySessionResponse = { email: string };
/** GET /api/family/session: that address, or null when this browser has no family session. */
export type FamilySessionQuery = { email: string | null };

/** POST /api/family/bookings/{id}/cancel and /resend */
export const familyBookingParamsSchema = z.object({ id: z.uuid('Unknown booking') });

export type FamilyBookingDto = {
  bookingId: string;
  reference: string;
  date: string;
  sessionLabel: string;
  status: BookingStatus;
  /** Children and adults, from the ticket lines. */
  tickets: { title: string; quantity: number }[];
  /** What was paid, after credits and vouchers (pence). */
  totalAmount: number;
  sessionCreditsUsed: number;
  voucherDiscount: number;
  /** data: URL of the ticket QR, for confirmed bookings only. */
  ticketQr?: string;
  /** Confirmed and at least 24 hours before the visit (the e-mailed cancel link's rule). */
  cancellable: boolean;
};
/** Upcoming: visits from today on, soonest first; past: newest first. */
export type FamilyBookingsResponse = { upcoming: FamilyBookingDto[]; past: FamilyBookingDto[] };
