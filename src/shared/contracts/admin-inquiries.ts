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
export type PartyDetails = {
  childName?: string;
  childAge?: string;
  partyDate?: string;
  partyTime?: string;
  numberOfChildren?: string;
  packageType?: string;
  specialRequests?: string;
  dietaryRequirements?: string;
};

export type InquiryDto = {
  id: string;
  name: string;
  email: string;
  phone: string;
  inquiryType: string;
  message: string;
  responded: boolean;
  respondedAt: string | null;
  createdAt: string;
  /** Sent less than 24 hours ago. */
  isRecent: boolean;
  /** Whole days since it was sent. */
  daysSince: number;
  /** When it was sent, in the venue's time zone: "12 Jan 2026", "14:05". */
  formattedDate: string;
  formattedTime: string;
};

export type PartyInquiryDto = InquiryDto & { details: PartyDetails; partyBookedAt: string | null };

/** GET /api/admin/inquiries */
export type InquiriesResponse = { inquiries: InquiryDto[] };
/** GET /api/admin/birthday-inquiries */
export type BirthdayInquiriesResponse = { inquiries: PartyInquiryDto[] };

/** POST /api/admin/inquiries/{id}/mark-responded: idempotent. */
export type MarkRespondedResponse = {
  success: true;
  id: string;
  responded: true;
  respondedAt: string;
  alreadyResponded: boolean;
};
/** POST /api/admin/inquiries/{id}/mark-party-booked: idempotent. */
export type MarkPartyBookedResponse = { success: true; id: string; partyBookedAt: string; alreadyBooked: boolean };

export const draftAvailabilities = ['available', 'partial', 'unavailable'] as const;
export type DraftAvailability = (typeof draftAvailabilities)[number];

export type DraftedResponse = {
  subject: string;
  body: string;
  /** null when the booking calendar is not configured (no sessions), so nothing was checked. */
  availability: DraftAvailability | null;
  /** Free slots on the requested date (a party) or on the next open day (a contact enquiry), "HH:mm". */
  availableSlots: { start: string; end: string }[];
  /** Nearby dates with the asked-for time free, yyyy-MM-dd. */
  alternativeDates: string[];
};

/** POST /api/admin/inquiries/{id}/draft-response: nothing is sent; staff copy the draft. */
export type DraftResponseResult = {
  success: true;
  draftedResponse: DraftedResponse;
  /** Whether the booking calendar was checked: false when it is not configured (the venue has no sessions). */
  calendarIntegrated: boolean;
  message: string;
};

export const partyInquiryType = 'party_booking';

/** How staff read an enquiry's type: the contact form's labels, and the party form's own. */
export function inquiryTypeLabel(type: string): string {
  if (type === partyInquiryType) return 'Birthday Party Inquiry';
  return (inquiryTypeLabels as Record<string, string>)[type] ?? type;
}
