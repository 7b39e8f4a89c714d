import { isoDateSchema, offerTokenSchema } from './booking';
import { z } from './zod';

/**
 * The waiting list contract (issue 29, DECISIONS.md "Gift vouchers and waiting lists"): a family with a proven
 * address waits for places in a full session; freed places are offered in order and held for a few hours.
 */

export const MAX_WAITING_PLACES = 20;

/** POST /api/waiting-list (family session required). sessionId null: a weekday all-day ticket. */
export const waitingListJoinSchema = z.object({
  date: isoDateSchema,
  sessionId: z.string().min(1).max(40).nullable(),
  places: z
    .number({ message: 'Please choose how many places you need (1 to 20).' })
    .int('Please choose how many places you need (1 to 20).')
    .min(1, 'Please choose how many places you need (1 to 20).')
    .max(MAX_WAITING_PLACES, 'Please choose how many places you need (1 to 20).'),
});
export type WaitingListJoinInput = z.infer<typeof waitingListJoinSchema>;

/** DELETE /api/family/waiting-list/{id}, POST /api/admin/waiting-list/{id}/offer */
export const waitingListIdParamsSchema = z.object({ id: z.uuid('Unknown waiting list entry') });

/** GET /api/waiting-list/offer?token=: what the booking page shows for an offer link. */
export const waitingListOfferQuerySchema = z.object({ token: offerTokenSchema });

export const liveWaitingStatuses = ['waiting', 'offered'] as const;

/** One of the family's live entries (GET /api/family/waiting-list). */
export const familyWaitingEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  sessionId: z.string().nullable(),
  sessionLabel: z.string(),
  places: z.number().int(),
  status: z.enum(liveWaitingStatuses),
  /** 1 for the first family waiting for this date and session. */
  position: z.number().int(),
  /** ISO instant; null while waiting. */
  offerExpiresAt: z.string().nullable(),
});
export type FamilyWaitingEntry = z.infer<typeof familyWaitingEntrySchema>;
export const familyWaitingListResponseSchema = z.object({ entries: z.array(familyWaitingEntrySchema) });
export type FamilyWaitingListResponse = z.infer<typeof familyWaitingListResponseSchema>;

/** The answer to an offer link: the places held, until when. */
export const waitingListOfferSchema = z.object({
  date: z.string(),
  sessionId: z.string().nullable(),
  sessionLabel: z.string(),
  places: z.number().int(),
  expiresAt: z.string(),
});
export type WaitingListOffer = z.infer<typeof waitingListOfferSchema>;

/** GET /api/admin/waiting-list?date= */
export const staffWaitingListQuerySchema = z.object({ date: isoDateSchema });
export const staffWaitingEntrySchema = z.object({
  id: z.string(),
  sessionId: z.string().nullable(),
  sessionLabel: z.string(),
  /** Order among the live entries of the date and session. */
  position: z.number().int(),
  email: z.string(),
  places: z.number().int(),
  status: z.enum(['waiting', 'offered', 'booked', 'expired', 'left']),
  offerExpiresAt: z.string().nullable(),
  offeredBy: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffWaitingEntry = z.infer<typeof staffWaitingEntrySchema>;
export const staffWaitingListResponseSchema = z.object({ date: z.string(), entries: z.array(staffWaitingEntrySchema) });
export type StaffWaitingListResponse = z.infer<typeof staffWaitingListResponseSchema>;

/** No offer is made this close to a visit's start, nor after it (why: server/waiting-list/offer-expiry.ts). */
export const OFFER_CUTOFF_MINUTES = 15;

/** The catalogue document 'waiting_list': how long an offer holds its places. */
export const MIN_OFFER_HOURS = 1;
export const MAX_OFFER_HOURS = 48;
const offerHoursMessage = `Enter a whole number of hours from ${MIN_OFFER_HOURS} to ${MAX_OFFER_HOURS}`;
export const waitingListSettingsSchema = z.object({
  offerHours: z
    .number({ message: offerHoursMessage })
    .int(offerHoursMessage)
    .min(MIN_OFFER_HOURS, offerHoursMessage)
    .max(MAX_OFFER_HOURS, offerHoursMessage),
});
export type WaitingListSettings = z.infer<typeof waitingListSettingsSchema>;

/**
 * PATCH /api/admin/catalogue/waiting-list (admins): the hours an offer holds its places, with the document's
 * version; 0 while it has never been stored (2 hours, the default).
 */
export const waitingListEditSchema = waitingListSettingsSchema.extend({
  version: z.number({ message: 'Missing version' }).int().min(0),
});
export type WaitingListEditInput = z.infer<typeof waitingListEditSchema>;

/** The answer to leaving and to a staff offer. */
export const waitingListSuccessSchema = z.object({ success: z.literal(true) });
