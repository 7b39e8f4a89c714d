import { bookingStatusSchema } from './booking';
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
export const familyCodeResponseSchema = z.object({ sentTo: z.string(), expiresInMinutes: z.number().int() });
export type FamilyCodeResponse = z.infer<typeof familyCodeResponseSchema>;

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
export const familySessionResponseSchema = z.object({ email: z.string() });
export type FamilySessionResponse = z.infer<typeof familySessionResponseSchema>;
/** GET /api/family/session: that address, or null when this browser has no family session. */
export const familySessionQuerySchema = z.object({ email: z.string().nullable() });
export type FamilySessionQuery = z.infer<typeof familySessionQuerySchema>;

/** POST /api/family/sign-out and /api/family/bookings/{id}/resend. */
export const familySuccessSchema = z.object({ success: z.literal(true) });
export type FamilySuccess = z.infer<typeof familySuccessSchema>;

/** POST /api/family/bookings/{id}/cancel and /resend */
export const familyBookingParamsSchema = z.object({ id: z.uuid('Unknown booking') });

export const familyBookingDtoSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  date: z.string(),
  sessionLabel: z.string(),
  status: bookingStatusSchema,
  /** Children and adults, from the ticket lines. */
  tickets: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
  /** What was paid, after credits and vouchers (pence). */
  totalAmount: z.number().int(),
  sessionCreditsUsed: z.number().int(),
  voucherDiscount: z.number().int(),
  /** data: URL of the ticket QR, for confirmed bookings only. */
  ticketQr: z.string().optional(),
  /** Confirmed and at least 24 hours before the visit (the e-mailed cancel link's rule). */
  cancellable: z.boolean(),
});
export type FamilyBookingDto = z.infer<typeof familyBookingDtoSchema>;
/** Upcoming: visits from today on, soonest first; past: newest first. */
export const familyBookingsResponseSchema = z.object({
  upcoming: z.array(familyBookingDtoSchema),
  past: z.array(familyBookingDtoSchema),
});
export type FamilyBookingsResponse = z.infer<typeof familyBookingsResponseSchema>;
