import { inquiryTypeLabels } from './contact';
import { z } from './zod';

/**
 * Staff calls on contact and party enquiries (SPEC.md "Admin", sections 3, 7, 8): the Inquiries and
 * Birthday Parties tabs read the lists, mark enquiries and draft replies from our own booking calendar.
 */

/** Any UUID PostgreSQL accepts; anything else is a 400 before the database is asked. */
export const uuidSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Not a valid id');
export const inquiryIdParamsSchema = z.object({ id: uuidSchema });

/** The party form's fields as stored in `inquiries.details` (all strings; optional ones may be empty). */
export const partyDetailsSchema = z.object({
  childName: z.string().optional(),
  childAge: z.string().optional(),
  partyDate: z.string().optional(),
  partyTime: z.string().optional(),
  numberOfChildren: z.string().optional(),
  packageType: z.string().optional(),
  specialRequests: z.string().optional(),
  dietaryRequirements: z.string().optional(),
});
export type PartyDetails = z.infer<typeof partyDetailsSchema>;

export const inquiryDtoSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  inquiryType: z.string(),
  message: z.string(),
  responded: z.boolean(),
  respondedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Sent less than 24 hours ago. */
  isRecent: z.boolean(),
  /** Whole days since it was sent. */
  daysSince: z.number().int(),
  /** When it was sent, in the venue's time zone: "12 Jan 2026", "14:05". */
  formattedDate: z.string(),
  formattedTime: z.string(),
});
export type InquiryDto = z.infer<typeof inquiryDtoSchema>;

export const partyInquiryDtoSchema = inquiryDtoSchema.extend({
  details: partyDetailsSchema,
  partyBookedAt: z.string().nullable(),
});
export type PartyInquiryDto = z.infer<typeof partyInquiryDtoSchema>;

/** GET /api/admin/inquiries */
export const inquiriesResponseSchema = z.object({ inquiries: z.array(inquiryDtoSchema) });
export type InquiriesResponse = z.infer<typeof inquiriesResponseSchema>;
/** GET /api/admin/birthday-inquiries */
export const birthdayInquiriesResponseSchema = z.object({ inquiries: z.array(partyInquiryDtoSchema) });
export type BirthdayInquiriesResponse = z.infer<typeof birthdayInquiriesResponseSchema>;

/** POST /api/admin/inquiries/{id}/mark-responded: idempotent. */
export const markRespondedResponseSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  responded: z.literal(true),
  respondedAt: z.string(),
  alreadyResponded: z.boolean(),
});
export type MarkRespondedResponse = z.infer<typeof markRespondedResponseSchema>;
/** POST /api/admin/inquiries/{id}/mark-party-booked: idempotent. */
export const markPartyBookedResponseSchema = z.object({
  success: z.literal(true),
  id: z.string(),
  partyBookedAt: z.string(),
  alreadyBooked: z.boolean(),
});
export type MarkPartyBookedResponse = z.infer<typeof markPartyBookedResponseSchema>;

export const draftAvailabilities = ['available', 'partial', 'unavailable'] as const;
export type DraftAvailability = (typeof draftAvailabilities)[number];

export const draftedResponseSchema = z.object({
  subject: z.string(),
  body: z.string(),
  /** null when the booking calendar is not configured (no sessions), so nothing was checked. */
  availability: z.enum(draftAvailabilities).nullable(),
  /** Free slots on the requested date (a party) or on the next open day (a contact enquiry), "HH:mm". */
  availableSlots: z.array(z.object({ start: z.string(), end: z.string() })),
  /** Nearby dates with the asked-for time free, yyyy-MM-dd. */
  alternativeDates: z.array(z.string()),
});
export type DraftedResponse = z.infer<typeof draftedResponseSchema>;

/** POST /api/admin/inquiries/{id}/draft-response: nothing is sent; staff copy the draft. */
export const draftResponseResultSchema = z.object({
  success: z.literal(true),
  draftedResponse: draftedResponseSchema,
  /** Whether the booking calendar was checked: false when it is not configured (the venue has no sessions). */
  calendarIntegrated: z.boolean(),
  message: z.string(),
});
export type DraftResponseResult = z.infer<typeof draftResponseResultSchema>;

export const partyInquiryType = 'party_booking';

/** How staff read an enquiry's type: the contact form's labels, and the party form's own. */
export function inquiryTypeLabel(type: string): string {
  if (type === partyInquiryType) return 'Birthday Party Inquiry';
  return (inquiryTypeLabels as Record<string, string>)[type] ?? type;
}
