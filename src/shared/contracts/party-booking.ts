import { uuidSchema } from './admin-inquiries';
import { isoDateSchema } from './booking';
import { partyPhoneSchema } from './party';
import { z } from './zod';

/**
 * Parties booked and paid online (issue 28; DECISIONS.md "Parties online"): the family's routes, shared by
 * /party-booking and the server. Money is integer pence and always priced by the server. The enquiry form
 * (contracts/party.ts) stays for what does not fit.
 */

const pence = z.number().int();

/** GET /api/parties/availability?month=YYYY-MM */
export const partyMonthQuerySchema = z.object({
  month: z.string().regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'Please give a month as YYYY-MM'),
});

export const partySlotAvailabilitySchema = z.object({
  slotId: z.string(),
  label: z.string(),
  start: z.string(),
  end: z.string(),
  /** How many party rooms are free (0 when closed, or when Private Hire has the barn). */
  roomsFree: z.number().int(),
  /** The package ids that can still be booked here ('private-hire' only while every room is free). */
  packages: z.array(z.string()),
});
export const partyDayAvailabilitySchema = z.object({
  date: z.string(),
  closed: z.boolean(),
  slots: z.array(partySlotAvailabilitySchema),
});

/** A package as the party page offers it: bounds, what it includes, whether children choose food. */
export const partyPackageOfferSchema = z.object({
  id: z.string(),
  name: z.string(),
  hours: z.string(),
  includes: z.array(z.string()),
  minChildren: z.number().int(),
  maxChildren: z.number().int(),
  /** Per child for a package, flat for Private Hire: the price for a party on the month's first bookable date. */
  pricePence: pence,
  perChild: z.boolean(),
  /** True when the package includes food: the form asks one food choice per child. */
  food: z.boolean(),
});

/** A party food choice, with the 14 UK allergens it contains (as the cafe menu names them). */
export const partyFoodOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  allergens: z.array(z.string()),
});

export const partyAvailabilityResponseSchema = z.object({
  month: z.string(),
  /** The last date parties are sold for (the party booking horizon): the month grid pages up to its month. */
  lastDate: z.string(),
  rooms: z.number().int(),
  depositPence: pence,
  days: z.array(partyDayAvailabilitySchema),
  packages: z.array(partyPackageOfferSchema),
  foodOptions: z.array(partyFoodOptionSchema),
});
export type PartyAvailabilityResponse = z.infer<typeof partyAvailabilityResponseSchema>;

/** What decides a party's price: the server answers it with POST /api/parties/quote and charges it on POST /api/parties. */
export const partyChoiceSchema = z.object({
  date: isoDateSchema,
  slotId: z.string().min(1, 'Please choose a time').max(40),
  packageId: z.string().min(1, 'Please choose a party package').max(40),
  children: z.number({ message: 'Please choose the number of children' }).int().min(1).max(100),
  /** Redeem the signed-in family's VIP Party Discount voucher (loyalty reward), PTB-XXXX-XXXX; empty means none. */
  voucherCode: z
    .string()
    .trim()
    .regex(/^$|^PTB[- ]?[A-Z0-9]{4}[- ]?[A-Z0-9]{4}$/i, 'Please check your voucher code: it looks like PTB-ABCD-EFGH.')
    .optional(),
});

export const partyPriceLineSchema = z.object({
  kind: z.enum(['per_child', 'flat', 'discount']),
  label: z.string(),
  quantity: z.number().int(),
  unitPence: pence,
  amountPence: pence,
});

/** POST /api/parties/quote: the price of a choice, as it would be charged. */
export const partyQuoteResponseSchema = z.object({
  lines: z.array(partyPriceLineSchema),
  totalPence: pence,
  depositPence: pence,
  /** What is due after the deposit, by the balance due date (7 days before the party). */
  balancePence: pence,
  balanceDueDate: z.string(),
});
export type PartyQuoteResponse = z.infer<typeof partyQuoteResponseSchema>;

/** POST /api/parties: the whole form. */
export const partyBookingSchema = partyChoiceSchema.extend({
  childFirstName: z
    .string()
    .trim()
    .min(1, 'Please give the birthday child’s first name')
    .max(40, 'First name must be at most 40 characters'),
  childAge: z.number({ message: 'Please choose the birthday child’s age' }).int().min(1).max(17),
  /** One food option id per child, when the package includes food (else empty). */
  foodChoices: z.array(z.string().max(40)).max(100).default([]),
  dietaryNotes: z.string().trim().max(1000).optional().default(''),
  parentName: z.string().trim().min(2, 'Name must be at least 2 characters').max(120),
  parentEmail: z.string().trim().max(254).pipe(z.email('Please enter a valid email address')),
  parentPhone: partyPhoneSchema,
  agreeToTerms: z.literal(true, { message: 'You must agree to the terms and conditions to proceed' }),
});
export type PartyBookingInput = z.input<typeof partyBookingSchema>;

/** POST /api/parties (201) and POST /api/parties/{id}/balance: answered like /api/create-booking-payment. */
export const partyPaymentResponseSchema = z.object({
  partyId: z.string(),
  reference: z.string(),
  clientSecret: z.string(),
  amountPence: pence,
  /** The family's manage token (sent back as X-Party-Token): view the party, pay the balance, invite guests. */
  manageToken: z.string(),
  holdExpiresAt: z.string().nullable(),
});
export type PartyPaymentResponse = z.infer<typeof partyPaymentResponseSchema>;

/**
 * POST /api/parties/{id}/balance: what is due now (the deposit of a held party, else the balance), and
 * optionally a gift voucher code (GV-XXXX-XXXX-XXXX-XXXX-XXXX; spaces, dashes and case do not matter) that
 * pays what it can at once. Empty means none. An unknown, void, expired or spent code is a 400 on this field.
 */
export const partyPaymentRequestSchema = z.object({
  voucherCode: z.string().trim().max(64, 'Please check your gift voucher code').optional(),
});
export type PartyPaymentRequest = z.infer<typeof partyPaymentRequestSchema>;

/** POST /api/parties/{id}/balance's answer: the card's part, after what a gift voucher paid. */
export const partyDuePaymentResponseSchema = partyPaymentResponseSchema.extend({
  kind: z.enum(['deposit', 'balance']),
  /** Null when nothing is left for the card: a gift voucher paid it all (the party is confirmed, or paid). */
  clientSecret: z.string().nullable(),
  /** What the card is to pay (0 when a gift voucher paid it all). */
  amountPence: pence,
  /** What the gift voucher in this request paid towards it (0 without one). */
  giftVoucherPence: pence,
  /** True when the gift voucher paid everything that was due: no card payment is needed. */
  paidInFull: z.boolean(),
});
export type PartyDuePaymentResponse = z.infer<typeof partyDuePaymentResponseSchema>;

export const partyIdParamsSchema = z.object({ id: uuidSchema });

/** PATCH /api/parties/{id}/children: final numbers, and one food choice per child when the package has food. */
export const partyChildrenChangeSchema = z.object({
  children: z.number({ message: 'Please choose the number of children' }).int().min(1).max(100),
  foodChoices: z.array(z.string().max(40)).max(100).default([]),
});
/** The manage link's token, sent back as X-Party-Token (never in a URL the server logs). */
export const partyTokenHeadersSchema = z.object({ 'x-party-token': z.string().min(20).max(100) });

export const partyStatusSchema = z.enum(['held', 'confirmed', 'cancelled', 'expired']);

/** GET /api/parties/{id} with X-Party-Token (or the family session of its address): the family's own view. */
export const familyPartyViewSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: partyStatusSchema,
  date: z.string(),
  slotLabel: z.string(),
  roomName: z.string(),
  /** The package's id, as the party month's offer names it (its bounds and food for a change of numbers). */
  packageId: z.string(),
  packageName: z.string(),
  children: z.number().int(),
  /** The food chosen for each child (ids of the party menu), empty when the package has no food. */
  foodChoices: z.array(z.string()),
  childFirstName: z.string(),
  childAge: z.number().int(),
  lines: z.array(partyPriceLineSchema),
  totalPence: pence,
  paidPence: pence,
  balancePence: pence,
  balanceDueDate: z.string(),
  /** Numbers may change until this date (7 days before the party). */
  changeUntil: z.string(),
  invitations: z.object({ sent: z.number().int(), coming: z.number().int(), notComing: z.number().int() }),
});
export type FamilyPartyView = z.infer<typeof familyPartyViewSchema>;

/** POST /api/parties/{id}/invitations: e-mail invitations (up to the number of children in all). */
export const partyInvitationsSchema = z.object({
  emails: z
    .array(z.string().trim().max(254).pipe(z.email('Please enter a valid email address')))
    .min(1, 'Please add at least one e-mail address')
    .max(100),
});

/** GET /api/party-invitations/{token}: what a guest sees, and nothing about other guests. */
export const partyInvitationViewSchema = z.object({
  hostChildFirstName: z.string(),
  date: z.string(),
  slotLabel: z.string(),
  venueName: z.string(),
  venueAddress: z.string(),
  rsvp: z.enum(['coming', 'not_coming']).nullable(),
  guestChildFirstName: z.string().nullable(),
});
export type PartyInvitationView = z.infer<typeof partyInvitationViewSchema>;

/** POST /api/party-invitations/{token}/rsvp */
export const partyRsvpSchema = z.object({
  rsvp: z.enum(['coming', 'not_coming'], { message: 'Please say whether your child is coming' }),
  guestChildFirstName: z.string().trim().min(1, 'Please give your child’s first name').max(40),
  allergies: z.string().trim().max(500).optional().default(''),
});
export const partyInvitationTokenParamsSchema = z.object({ token: z.string().min(20).max(100) });

// Guests and My Bookings (server/parties/guests).
/** POST /api/parties/{id}/invitations: how many mails went out, and how many more guests may be invited. */
export const partyInvitationsResponseSchema = z.object({ sent: z.number().int(), remaining: z.number().int() });
export type PartyInvitationsResponse = z.infer<typeof partyInvitationsResponseSchema>;

/** The RSVP counts a family sees of its own party (never who said what). */
export const partyRsvpCountsSchema = z.object({
  sent: z.number().int(),
  coming: z.number().int(),
  notComing: z.number().int(),
});

/** One party on My Bookings. The session proves the address, so it carries the manage token (X-Party-Token). */
export const familyPartySummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  date: z.string(),
  slotLabel: z.string(),
  packageName: z.string(),
  status: partyStatusSchema,
  totalPence: pence,
  /** What is still to pay (0 once paid, and for a cancelled party). */
  balancePence: pence,
  balanceDueDate: z.string(),
  invitations: partyRsvpCountsSchema,
  manageToken: z.string(),
});
export type FamilyPartySummary = z.infer<typeof familyPartySummarySchema>;

/** GET /api/family/parties: upcoming soonest first, past newest first (as GET /api/family/bookings). */
export const familyPartiesResponseSchema = z.object({
  upcoming: z.array(familyPartySummarySchema),
  past: z.array(familyPartySummarySchema),
});
export type FamilyPartiesResponse = z.infer<typeof familyPartiesResponseSchema>;
