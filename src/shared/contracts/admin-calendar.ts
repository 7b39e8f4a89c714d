import { uuidSchema } from './admin-inquiries';
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

/** DELETE /api/admin/session-restrictions/:id */
export const restrictionIdParamsSchema = z.object({ id: uuidSchema });

export const restrictionDtoSchema = z.object({
  id: z.string(),
  date: z.string(),
  /** The session's label ("9:30 AM - 11:30 AM") or "All day". */
  timeSlot: z.string(),
  /** null: the whole day. */
  sessionId: z.string().nullable(),
  reason: z.string(),
  description: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type RestrictionDto = z.infer<typeof restrictionDtoSchema>;

/** GET /api/admin/session-restrictions: today's and later ones, by date. */
export const restrictionsResponseSchema = z.object({ restrictions: z.array(restrictionDtoSchema) });
export type RestrictionsResponse = z.infer<typeof restrictionsResponseSchema>;

export const createRestrictionResponseSchema = z.object({
  success: z.literal(true),
  restriction: restrictionDtoSchema,
  /** Bookings that already hold places in the blocked time: staff may need to contact them. */
  affectedBookings: z.number().int(),
});
export type CreateRestrictionResponse = z.infer<typeof createRestrictionResponseSchema>;

export const deleteRestrictionResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type DeleteRestrictionResponse = z.infer<typeof deleteRestrictionResponseSchema>;

export const allDayLabel = 'All day';
