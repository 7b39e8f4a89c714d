import { isCalendarDate } from '../calendar-date';
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
  /** A loyalty voucher (10% off, free session), PTB-XXXX-XXXX; empty means none. */
  voucherCode: z
    .string()
    .trim()
    .regex(/^$|^PTB[- ]?[A-Z0-9]{4}[- ]?[A-Z0-9]{4}$/i, 'Please check your voucher code: it looks like PTB-ABCD-EFGH.')
    .optional(),
  agreeToTerms: z.literal(true, { message: 'You must agree to the terms and conditions to proceed' }),
});

export const ticketQuantitiesSchema = z
  .record(z.string().max(40), z.number().int().min(0).max(30))
  .refine((q) => Object.keys(q).length <= 10, 'Too many ticket types')
  .refine((q) => Object.values(q).some((n) => n > 0), 'Please select at least one ticket to continue');

/** POST /api/create-booking-payment */
export const createBookingSchema = bookingFormSchema.extend({
  ticketQuantities: ticketQuantitiesSchema,
  /** The total the page showed, in pence: a hint the server checks against its own price. */
  totalAmount: z.number().int().min(0).max(10_000_000),
  loyaltyOptIn: z.boolean().default(true),
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;

export type CreateBookingResponse = {
  /** Empty when the booking needed no payment (fully covered by credits). */
  clientSecret: string;
  bookingId: string;
  sessionCreditsUsed: number;
  originalAmount: number;
  finalAmount: number;
  creditSavings: number;
  /** What a loyalty voucher took off, in pence (0 when none). */
  voucherDiscount: number;
  /**
   * Given once: GET /api/bookings/{id} answers this browser only when it sends it back (X-Booking-Secret),
   * or to the family session of the booking's address.
   */
  bookingSecret: string;
};

/** GET /api/ticket-types: what the booking page counts, priced from the database. */
export type TicketTypeDto = {
  id: string;
  title: string;
  description: string;
  price: number;
  fee: number;
  ageRange: string;
  colour: string;
  weekdayMorningOnly: boolean;
  sellDays: 'any' | 'weekdays' | 'weekends';
  /** Empty: every session. */
  sessionIds: string[];
};

export type SessionAvailability = {
  id: string;
  label: string;
  available: boolean;
  remaining: number;
  blocked: boolean;
  /** Why staff closed this session, shown to families; absent when not closed. */
  closedReason?: string;
};
/** GET /api/calendar/availability/{date}; the range form answers { dates: DateAvailability[] }. */
export type DateAvailability = {
  date: string;
  available: boolean;
  restricted: boolean;
  /** Why the venue is closed that day (a whole-day closure's reason, shown to families); absent when open. */
  closedReason?: string;
  sessions: SessionAvailability[];
};

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

/** GET /api/bookings/{id}: what the success page shows; it never trusts the redirect. */
export type BookingStatusResponse = {
  bookingId: string;
  reference: string;
  status: BookingStatus;
  customerName: string;
  date: string;
  sessionLabel: string;
  tickets: { title: string; quantity: number; unitPrice: number }[];
  /** What is paid (after session credits). */
  totalAmount: number;
  sessionCreditsUsed: number;
  creditSavings: number;
  voucherDiscount: number;
  /** data: URL of the QR code of the ticket token, once confirmed. */
  ticketQr?: string;
};

/** GET /api/payments/config: which provider the payment page mounts. */
export type PaymentsConfigResponse = { provider: 'stripe'; publishableKey: string } | { provider: 'test' };

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
export type TestPaymentConfirmResponse = { status: 'succeeded' | 'processing' | 'failed'; message?: string };

/** GET /api/calendar/availability?from=&to= (at most 62 days). */
export const availabilityRangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema });

/** The signed link in the confirmation e-mail: GET /api/bookings/cancel?token= previews, POST cancels. */
export const cancelBookingSchema = z.object({ token: z.string().min(20).max(300) });
export type CancelBookingPreview = {
  reference: string;
  date: string;
  sessionLabel: string;
  status: BookingStatus;
  /** Whether cancelling now refunds in full (up to 24 hours before the visit). */
  refundable: boolean;
  refundAmount: number;
  message: string;
};
export type CancelBookingResponse = { status: BookingStatus; refundAmount: number; message: string };
