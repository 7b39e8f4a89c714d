import { childAges, childCounts, partyMessages, partyPackageTypes } from '../party-options';
import { isCalendarDate } from '../calendar-date';
import { z } from './zod';

// The option lists and date rules are zod-free so the party page can show the form before zod loads.
export * from '../party-options';

/** A parent's phone number, for the party enquiry and the online party booking alike. */
export const partyPhoneSchema = z
  .string()
  .trim()
  .min(10, 'Please enter a valid phone number')
  .max(30, 'Please enter a valid phone number')
  .regex(/^[0-9+()\-.\s]+$/, 'Please enter a valid phone number');

const optionalText = z.string().trim().max(1000, 'Must be at most 1000 characters').optional().default('');

/**
 * POST /api/party-inquiry (SPEC.md sections 3, 5, 7, 9): the party page validates its form with this
 * schema and the server parses the body with it. Party bookings are not taken online: this is an
 * enquiry staff follow up by phone or e-mail.
 */
export const partyInquirySchema = z.object({
  parentName: z
    .string()
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(120, 'Name must be at most 120 characters'),
  parentEmail: z
    .string()
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  parentPhone: partyPhoneSchema,
  childName: z
    .string()
    .trim()
    .min(2, "Child's name must be at least 2 characters")
    .max(80, "Child's name must be at most 80 characters"),
  childAge: z.enum(childAges, { message: "Please select child's age" }),
  partyDate: z
    .string()
    .max(10, partyMessages.date)
    .regex(/^\d{4}-\d{2}-\d{2}$/, partyMessages.date)
    .refine(isCalendarDate, partyMessages.date),
  // One of the catalogue's party slots: the server checks which (inquiries/party-slots.ts).
  partyTime: z
    .string({ message: 'Please select a preferred time' })
    .trim()
    .min(1, 'Please select a preferred time')
    .max(40, 'Please select a preferred time'),
  numberOfChildren: z.enum(childCounts, { message: 'Please specify number of children' }),
  packageType: z.enum(partyPackageTypes, { message: 'Please select a party package' }),
  specialRequests: optionalText,
  dietaryRequirements: optionalText,
  inquiryType: z.literal('party_booking'),
});
export type PartyInquiryInput = z.input<typeof partyInquirySchema>;
export type PartyInquiry = z.infer<typeof partyInquirySchema>;

export const partyInquiryResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type PartyInquiryResponse = z.infer<typeof partyInquiryResponseSchema>;
