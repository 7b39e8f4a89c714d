import { staffBookingChildSchema } from './kiosk-agreement';
import { z } from './zod';

/**
 * The staff "Bookings" tab (DECISIONS.md "Running the day"): find any booking, open it, resend its
 * confirmation, cancel it with a reason and a full, partial or no refund. Money is integer pence;
 * instants are ISO strings.
 */

/** GET /api/admin/bookings?q=: a reference, name, e-mail, phone (digits) or visit date (YYYY-MM-DD), any case. */
export const bookingSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(3, 'Type at least 3 characters of a reference, name, e-mail, phone or date')
    .max(100, 'Must be at most 100 characters'),
});
export type BookingSearchQuery = z.input<typeof bookingSearchQuerySchema>;

export const bookingSearchRowSchema = z.object({
  id: z.string(),
  reference: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  visitDate: z.string(),
  sessionLabel: z.string(),
  status: z.string(),
  finalPence: z.number().int(),
  createdAt: z.string(),
});
export type BookingSearchRow = z.infer<typeof bookingSearchRowSchema>;
/** At most `limit` (50) rows, newest first; `more` says there were more matches. */
export const bookingSearchResponseSchema = z.object({
  bookings: z.array(bookingSearchRowSchema),
  limit: z.number().int(),
  more: z.boolean(),
});
export type BookingSearchResponse = z.infer<typeof bookingSearchResponseSchema>;

export const bookingIdParamsSchema = z.object({ id: z.string().uuid('Not a booking id') });

export const bookingManagerDetailSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  specialRequests: z.string(),
  visitDate: z.string(),
  sessionLabel: z.string(),
  places: z.number().int(),
  originalPence: z.number().int(),
  finalPence: z.number().int(),
  creditsUsed: z.number().int(),
  creditSavingsPence: z.number().int(),
  voucherDiscountPence: z.number().int(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Whether the family accepted the rules of play in force (issue 39): staff ask at the door when not. */
  rulesOfPlayAccepted: z.boolean(),
  /** The profile's children the booking names (issue 39): first name, notes, age on the visit date. */
  children: z.array(staffBookingChildSchema),
  lines: z.array(
    z.object({
      title: z.string(),
      quantity: z.number().int(),
      unitPricePence: z.number().int(),
      unitFeePence: z.number().int(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      status: z.string(),
      amountPence: z.number().int(),
      refundStatus: z.enum(['pending', 'succeeded']).nullable(),
      refundPence: z.number().int(),
      refundReason: z.string().nullable(),
      /** Stripe's payment_method_details.type ('card', 'bacs_debit'); null in TEST MODE or before a charge. */
      methodType: z.string().nullable(),
      /** Stripe's receipt page for the charge; null in TEST MODE. */
      receiptUrl: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** What a staff cancellation could still refund: the paid amount less any refund. */
  refundablePence: z.number().int(),
  checkIns: z.array(
    z.object({
      checkedInAt: z.string(),
      checkedOutAt: z.string().nullable(),
      checkedInBy: z.string(),
      checkedOutBy: z.string().nullable(),
    }),
  ),
  /** Subject, status and time only: never a body, code or link. */
  mails: z.array(
    z.object({
      subject: z.string(),
      template: z.string(),
      status: z.string(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
  audit: z.array(
    z.object({
      actor: z.string(),
      action: z.string(),
      createdAt: z.string(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type BookingManagerDetail = z.infer<typeof bookingManagerDetailSchema>;
export const bookingManagerDetailResponseSchema = z.object({ booking: bookingManagerDetailSchema });
export type BookingManagerDetailResponse = z.infer<typeof bookingManagerDetailResponseSchema>;

/** POST /api/admin/bookings/:id/resend-confirmation */
export const resendConfirmationResponseSchema = z.object({ success: z.literal(true) });
export type ResendConfirmationResponse = z.infer<typeof resendConfirmationResponseSchema>;

/** POST /api/admin/bookings/:id/cancel */
export const staffCancelSchema = z
  .object({
    reason: z.string().trim().min(3, 'Please give a reason (at least 3 characters)').max(500, 'At most 500 characters'),
    refund: z.enum(['full', 'partial', 'none']),
    /** Pence, for a partial refund only: more than 0 and at most what is left. */
    refundPence: z.number().int('Whole pence only').positive('More than £0.00').optional(),
  })
  .refine((v) => v.refund !== 'partial' || v.refundPence !== undefined, {
    message: 'Enter the amount to refund',
    path: ['refundPence'],
  });
export type StaffCancelInput = z.input<typeof staffCancelSchema>;
export const staffCancelResponseSchema = z.object({
  status: z.literal('cancelled'),
  refundPence: z.number().int(),
  alreadyCancelled: z.boolean(),
});
export type StaffCancelResponse = z.infer<typeof staffCancelResponseSchema>;

/** POST /api/admin/bookings/:id/move: another date or session at the same price (DECISIONS.md "Running the day"). */
export const staffMoveSchema = z.object({
  visitDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'),
  sessionId: z.string().trim().min(1, 'Choose a session').max(64),
  reason: z.string().trim().max(500, 'At most 500 characters').optional(),
  /**
   * A covered booking whose membership no longer pays for it all there (its band of days, its period, its visits a
   * day): the difference the family pays, as the 409 `price_changed` gave it (`current.differencePence`), which staff
   * confirmed. Another amount is the 409 again (the difference changed meanwhile).
   */
  confirmDifferencePence: z.number().int().min(1).max(1_000_000).optional(),
});
export type StaffMoveInput = z.input<typeof staffMoveSchema>;
export const staffMoveResponseSchema = z.object({
  status: z.literal('moved'),
  visitDate: z.string(),
  sessionId: z.string(),
  /** What the family owes on the booking after the move (taken at the desk): 0 when the cover still applies. */
  duePence: z.number().int(),
});
export type StaffMoveResponse = z.infer<typeof staffMoveResponseSchema>;
