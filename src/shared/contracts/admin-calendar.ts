import { isoDateSchema } from './booking';
import { z } from './zod';

/**
 * The staff booking calendar (SPEC.md sections 3, 5, 7, 8; DECISIONS.md: the three sessions, or the
 * whole day, can be blocked; restrictions are data staff manage). Blocks take effect in public
 * availability and in booking at once.
 */

export const allDaySlot = 'all-day';

/** The spec's words for a form missing its required fields (toast "Missing Information"). */
export const restrictionMissingMessage = 'Please fill in date, time slot, and reason.';

/** POST /api/admin/session-restrictions. `createdBy` is accepted for the spec's body but ignored: the server records who is signed in. */
export const createRestrictionSchema = z.object({
  date: z.string({ message: restrictionMissingMessage }).min(1, restrictionMissingMessage).pipe(isoDateSchema),
  // A session id from the catalogue (the server checks it exists) or the whole day.
  timeSlot: z.string({ message: restrictionMissingMessage }).regex(/^[a-z0-9-]{1,60}$/, restrictionMissingMessage),
  reason: z
    .string({ message: restrictionMissingMessage })
    .trim()
    .min(1, restrictionMissingMessage)
    .max(120, 'Must be at most 120 characters'),
  description: z.string().trim().max(1000, 'Must be at most 1000 characters').optional().default(''),
  createdBy: z.string().max(200).optional(),
});
export type CreateRestrictionInput = z.input<typeof createRestrictionSchema>;

export type RestrictionDto = {
  id: string;
  date: string;
  /** The session's label ("9:30 AM - 11:30 AM") or "All day". */
  timeSlot: string;
  /** null: the whole day. */
  sessionId: string | null;
  reason: string;
  description: string;
  createdBy: string;
  createdAt: string;
};

/** GET /api/admin/session-restrictions: today's and later ones, by date. */
export type RestrictionsResponse = { restrictions: RestrictionDto[] };

export type CreateRestrictionResponse = {
  success: true;
  restriction: RestrictionDto;
  /** Bookings that already hold places in the blocked time: staff may need to contact them. */
  affectedBookings: number;
};

export type DeleteRestrictionResponse = { success: true; id: string };

export const allDayLabel = 'All day';
