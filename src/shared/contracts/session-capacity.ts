import { isoDateSchema } from './booking';
import { z } from './zod';

/**
 * One session's capacity on one date (DECISIONS.md "Running the day": staff may change it, never below
 * the places already taken). Shown and edited in the staff Booking Calendar tab.
 */

/** Far above any real soft-play room; stops a typo like 6000 from opening a session to everyone. */
export const MAX_SESSION_CAPACITY = 500;

export const capacityMessage = `Enter a whole number of children from 0 to ${MAX_SESSION_CAPACITY}.`;

/** GET /api/admin/calendar/capacity?date=yyyy-MM-dd */
export const sessionCapacityQuerySchema = z.object({ date: isoDateSchema });

/** POST /api/admin/calendar/capacity */
export const setSessionCapacitySchema = z.object({
  date: isoDateSchema,
  // An id from session_times; an unknown one is a 404, so only its shape is checked here.
  sessionId: z
    .string({ message: 'Please choose a session' })
    .min(1, 'Please choose a session')
    .max(40)
    .regex(/^[a-z0-9-]+$/, 'Please choose a session'),
  capacity: z
    .number({ message: capacityMessage })
    .int(capacityMessage)
    .min(0, capacityMessage)
    .max(MAX_SESSION_CAPACITY, capacityMessage),
});
export type SetSessionCapacityInput = z.input<typeof setSessionCapacitySchema>;

export const sessionCapacityDtoSchema = z.object({
  sessionId: z.string(),
  /** "9:30 AM - 11:30 AM" */
  label: z.string(),
  /** This date's capacity in children. */
  capacity: z.number().int(),
  /** The session's usual capacity, used on dates nobody changed. */
  defaultCapacity: z.number().int(),
  /** Children holding places now: paid bookings and unexpired holds. */
  taken: z.number().int(),
  remaining: z.number().int(),
  blocked: z.boolean(),
});
export type SessionCapacityDto = z.infer<typeof sessionCapacityDtoSchema>;

export const sessionCapacityResponseSchema = z.object({
  date: z.string(),
  sessions: z.array(sessionCapacityDtoSchema),
});
export type SessionCapacityResponse = z.infer<typeof sessionCapacityResponseSchema>;

export const setSessionCapacityResponseSchema = z.object({
  success: z.literal(true),
  date: z.string(),
  previousCapacity: z.number().int(),
  session: sessionCapacityDtoSchema,
});
export type SetSessionCapacityResponse = z.infer<typeof setSessionCapacityResponseSchema>;

/** The refusal (409 capacity_below_taken), in the words staff see under the field. */
export function capacityBelowTakenMessage(taken: number): string {
  return `${taken} ${taken === 1 ? 'place is' : 'places are'} already taken for that session; capacity cannot go below ${taken}.`;
}
