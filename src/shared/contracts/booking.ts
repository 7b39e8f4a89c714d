import { isCalendarDate } from '../calendar-date';
import { sellDaysOptions } from '../catalogue';
import { z } from './zod';

/**
 * The booking API contract, shared by the booking pages and the server (SPEC.md sections 3, 5, 7;
 * DECISIONS.md "Capacity and holds", "Money and payments"). All money is integer pence.
 */

// A real calendar date in this century: PostgreSQL has no year 0000, and no visit, party or closure
// the venue handles lies outside 2000-2099.
export const isoDateSchema = z
  .string()
  .regex(/^20\d{2}-\d{2}-\d{2}$/, 'Please select a date')
  .refine(isCalendarDate, 'Please select a date');

/** A date in the path: GET /api/calendar/availability/{date}, GET /api/available-sessions/{date}. */
export const isoDateParamsSchema = z.object({ date: isoDateSchema });

/** The details form of booking step 2, with SPEC.md's exact messages. */
export const bookingFormSchema = z.object({
  customerName: z.string().trim().min(2, 'Name must be at least 2 characters').max(120),
  customerEmail: z.string().trim().max(254).pipe(z.email('Please enter a valid email address')),
  customerPhone: z
    .string()
    .trim()
    .min(10, 'Please enter a valid phone number')
    .max(30, 'Please enter a valid phone number'),
  selectedDate: isoDateSchema,
  /** A session id from GET /api/calendar/availability; required when the date needs one. */
  selectedTime: z.string().max(40).optional(),
  specialRequests: z.string().trim().max(1000).optional(),
  /**
   * A loyalty voucher (10% off, free session), PTB-XXXX-XXXX, or a gift voucher, GV- and 5 groups of 4
   * (with or without the prefix, dashes or spaces); empty means none.
   */
  voucherCode: z
    .string()
    .trim()
    .max(60)
    .regex(
      /^$|^PTB[- ]?[A-Z0-9]{4}[- ]?[A-Z0-9]{4}$|^(GV[- ]*)?([A-Z0-9][- ]*){19}[A-Z0-9]$/i,
      'Please check your voucher code: it looks like PTB-ABCD-EFGH or GV-ABCD-EFGH-JKMN-PQRS-TUVW.',
    )
    .optional(),
  agreeToTerms: z.literal(true, { message: 'You must agree to the terms and conditions to proceed' }),
});

export const ticketQuantitiesSchema = z
  .record(z.string().max(40), z.number().int().min(0).max(30))
  .refine((q) => Object.keys(q).length <= 10, 'Too many ticket types')
  .refine((q) => Object.values(q).some((n) => n > 0), 'Please select at least one ticket to continue');

/** The token of a waiting list offer e-mail's checkout link (32 random bytes, base64url). */
export const offerTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This waiting list offer link is not valid. Please use the link in your e-mail.');

/** POST /api/create-booking-payment */
export const createBookingSchema = bookingFormSchema.extend({
  ticketQuantities: ticketQuantitiesSchema,
  /** The total the page showed, in pence: a hint the server checks against its own price. */
  totalAmount: z.number().int().min(0).max(10_000_000),
  loyaltyOptIn: z.boolean().default(true),
  /** A waiting list offer's token (the offer e-mail's link): the booking uses the places it holds. */
  offerToken: offerTokenSchema.optional(),
  /**
   * The children on the family's profile who are coming (issue 39; a membership prices the ones it covers,
   * issue 40). Only with a family session for customerEmail; at most one per child ticket; empty or absent: none named.
   */
  childIds: z.array(z.uuid('Unknown child')).max(12, 'At most 12 children').optional(),
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;

/** Money in answers: integer pence. */
const pence = z.number().int();

export const createBookingResponseSchema = z.object({
  /** Empty when the booking needed no payment (fully covered by credits). */
  clientSecret: z.string(),
  bookingId: z.string(),
  sessionCreditsUsed: z.number().int(),
  originalAmount: pence,
  finalAmount: pence,
  creditSavings: pence,
  /** What a loyalty voucher took off, in pence (0 when none). */
  voucherDiscount: pence,
  /** What a membership paid for, the places it covers for the named children (0 when none). */
  membershipCover: pence,
  /** What a gift voucher paid (0 when none): finalAmount is what is left for the card. */
  giftVoucherPence: pence,
  /** What is left on that gift voucher after this booking (absent when none was used). */
  giftVoucherBalancePence: pence.optional(),
  /**
   * Given once: GET /api/bookings/{id} answers this browser only when it sends it back (X-Booking-Secret),
   * or to the family session of the booking's address.
   */
  bookingSecret: z.string(),
});
export type CreateBookingResponse = z.infer<typeof createBookingResponseSchema>;

/** GET /api/ticket-types: what the booking page counts, priced from the database. */
export const ticketTypeDtoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: pence,
  fee: pence,
  ageRange: z.string(),
  colour: z.string(),
  /** A child's ticket takes a place; a grown-up's does not (and a membership with adults free pays for two). */
  isChild: z.boolean(),
  /** The ages a child on a family profile is suggested this ticket at (shared/child-tickets.ts); null: not by age. */
  ageFrom: z.number().int().nullable(),
  ageTo: z.number().int().nullable(),
  /** A session credit pays for one of these. */
  paidByCredit: z.boolean(),
  weekdayMorningOnly: z.boolean(),
  sellDays: z.enum(sellDaysOptions),
  /** Empty: every session. */
  sessionIds: z.array(z.string()),
});
export type TicketTypeDto = z.infer<typeof ticketTypeDtoSchema>;
/** GET /api/ticket-types[?date=]: the ticket types on sale for that visit date (today by default). */
export const ticketTypesQuerySchema = z.object({ date: isoDateSchema.optional() });
export const ticketTypesResponseSchema = z.object({
  date: z.string(),
  /** The band of days the date is in (DECISIONS.md "Prices by day and season"): the prices are its prices. */
  band: z.object({ id: z.string(), name: z.string() }),
  ticketTypes: z.array(ticketTypeDtoSchema),
});
export type TicketTypesResponse = z.infer<typeof ticketTypesResponseSchema>;

export const sessionAvailabilitySchema = z.object({
  id: z.string(),
  label: z.string(),
  available: z.boolean(),
  remaining: z.number().int(),
  blocked: z.boolean(),
  /** Why staff closed this session, shown to families; absent when not closed. */
  closedReason: z.string().optional(),
});
export type SessionAvailability = z.infer<typeof sessionAvailabilitySchema>;
/** GET /api/calendar/availability/{date}; the range form answers { dates: DateAvailability[] }. */
export const dateAvailabilitySchema = z.object({
  date: z.string(),
  available: z.boolean(),
  restricted: z.boolean(),
  /** The band of days it is in (DECISIONS.md "Prices by day and season"): the range answer names the bands. */
  bandId: z.string(),
  /** Why the venue is closed that day (a whole-day closure's reason, shown to families); absent when open. */
  closedReason: z.string().optional(),
  sessions: z.array(sessionAvailabilitySchema),
});
export type DateAvailability = z.infer<typeof dateAvailabilitySchema>;
export const availabilityRangeResponseSchema = z.object({
  dates: z.array(dateAvailabilitySchema),
  /** Every band with its name and cheapest child ticket on the first date, for the calendar's legend. */
  bands: z.array(z.object({ id: z.string(), name: z.string(), fromPence: z.number().int().nullable() })),
});
export type AvailabilityRangeResponse = z.infer<typeof availabilityRangeResponseSchema>;

export const bookingStatuses = [
  'pending',
  'processing',
  'confirmed',
  'failed',
  'expired',
  'cancelled',
  'refunded',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
export const bookingStatusSchema = z.enum(bookingStatuses);

/** GET /api/bookings/{id}: the booking's id, and X-Booking-Secret (or the family session of its address). */
export const bookingStatusParamsSchema = z.object({ id: z.string().max(64) });
export const bookingSecretHeadersSchema = z.object({ 'x-booking-secret': z.string().max(100).optional() });

/** GET /api/bookings/{id}: what the success page shows; it never trusts the redirect. */
export const bookingStatusResponseSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  status: bookingStatusSchema,
  customerName: z.string(),
  date: z.string(),
  sessionLabel: z.string(),
  tickets: z.array(z.object({ title: z.string(), quantity: z.number().int(), unitPrice: pence })),
  /** What is paid (after session credits). */
  totalAmount: pence,
  sessionCreditsUsed: z.number().int(),
  creditSavings: pence,
  voucherDiscount: pence,
  /** What a membership paid for (absent when none did). */
  membershipCover: pence.optional(),
  /** What a gift voucher paid towards it (0 when none), and what is left on that voucher now. */
  giftVoucher: pence,
  giftVoucherBalance: pence.optional(),
  /** data: URL of the QR code of the ticket token, once confirmed. */
  ticketQr: z.string().optional(),
});
export type BookingStatusResponse = z.infer<typeof bookingStatusResponseSchema>;

/** GET /api/payments/config: which provider the payment page mounts. */
export const paymentsConfigResponseSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
  z.object({ provider: z.literal('test') }),
]);
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponseSchema>;

/**
 * POST /api/test-payments/confirm: the offline TEST MODE provider's card form (DECISIONS.md).
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Answers { status, message? }.
 */
export const testPaymentConfirmSchema = z.object({
  clientSecret: z.string().min(10).max(200),
  cardNumber: z.string().regex(/^[\d ]{12,23}$/, 'Your card number is invalid.'),
  expiry: z.string().regex(/^(0[1-9]|1[0-2]) ?\/ ?\d{2}$/, "Your card's expiration date is invalid."),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is invalid."),
  name: z.string().trim().max(120).optional(),
});
export const testPaymentConfirmResponseSchema = z.object({
  status: z.enum(['succeeded', 'processing', 'failed']),
  message: z.string().optional(),
});
export type TestPaymentConfirmResponse = z.infer<typeof testPaymentConfirmResponseSchema>;

/**
 * POST /api/stripe/webhook's 200: received, and whether it was a repeat, ignored (and why), or applied
 * (what the payment and its booking are now).
 */
export const stripeWebhookResponseSchema = z.union([
  z.object({ received: z.literal(true), duplicate: z.literal(true) }),
  z.object({ received: z.literal(true), ignored: z.enum(['event_type', 'no_payment_intent', 'not_our_payment']) }),
  z.object({
    received: z.literal(true),
    outcome: z.enum(['unchanged', 'updated']),
    paymentStatus: z.string(),
    bookingStatus: z.string().nullable(),
  }),
  /** A subscription or invoice event, applied by the seller that registered for it (memberships). */
  z.object({ received: z.literal(true), billing: z.enum(['updated', 'unchanged', 'not_ours']) }),
  /** A PaymentIntent or card reader event handed to the seller that follows it (the till's card readers). */
  z.object({ received: z.literal(true), followed: z.enum(['updated', 'unchanged', 'not_ours']) }),
]);
export type StripeWebhookResponse = z.infer<typeof stripeWebhookResponseSchema>;

/**
 * What a verified Stripe event may change (payments/process-stripe-event.ts): ids only. The event says
 * which PaymentIntent to look at; its state is fetched again from Stripe.
 */
const stripeIdSchema = z.string().min(1).max(255);
export const stripeEventSchema = z.object({
  id: stripeIdSchema,
  type: z.string().min(1).max(200),
  data: z.object({
    object: z.object({
      id: stripeIdSchema,
      object: z.string().max(100),
      payment_intent: stripeIdSchema.nullish(),
    }),
  }),
});
export type StripeEventIds = z.infer<typeof stripeEventSchema>;
/** POST /api/stripe/webhook: Stripe's HMAC of the exact body; a missing or wrong one is a 400 invalid_signature. */
export const stripeSignatureHeadersSchema = z.object({ 'stripe-signature': z.string().min(1) });

/** GET /api/calendar/availability?from=&to= (at most 62 days). */
export const availabilityRangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema });

/** The signed link in the confirmation e-mail: GET /api/bookings/cancel?token= previews, POST cancels. */
export const cancelBookingSchema = z.object({ token: z.string().min(20).max(300) });
export const cancelBookingPreviewSchema = z.object({
  reference: z.string(),
  date: z.string(),
  sessionLabel: z.string(),
  status: bookingStatusSchema,
  /** Whether cancelling now refunds in full (up to 24 hours before the visit). */
  refundable: z.boolean(),
  refundAmount: pence,
  message: z.string(),
});
export type CancelBookingPreview = z.infer<typeof cancelBookingPreviewSchema>;
export const cancelBookingResponseSchema = z.object({
  status: bookingStatusSchema,
  refundAmount: pence,
  message: z.string(),
});
export type CancelBookingResponse = z.infer<typeof cancelBookingResponseSchema>;
