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

export type BookingSearchRow = {
  id: string;
  reference: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  visitDate: string;
  sessionLabel: string;
  status: string;
  finalPence: number;
  createdAt: string;
};
/** At most `limit` (50) rows, newest first; `more` says there were more matches. */
export type BookingSearchResponse = { bookings: BookingSearchRow[]; limit: number; more: boolean };

export const bookingIdParamsSchema = z.object({ id: z.string().uuid('Not a booking id') });

export type BookingManagerDetail = {
  id: string;
  reference: string;
  status: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  specialRequests: string;
  visitDate: string;
  sessionLabel: string;
  places: number;
  originalPence: number;
  finalPence: number;
  creditsUsed: number;
  creditSavingsPence: number;
  voucherDiscountPence: number;
  createdAt: string;
  confirmedAt: string | null;
  cancelledAt: string | null;
  lines: { title: string; quantity: number; unitPricePence: number; unitFeePence: number }[];
  payments: {
    id: string;
    provider: string;
    status: string;
    amountPence: number;
    refundStatus: 'pending' | 'succeeded' | null;
    refundPence: number;
    refundReason: string | null;
    /** Stripe's payment_method_details.type ('card', 'bacs_debit'); null in TEST MODE or before a charge. */
    methodType: string | null;
    /** Stripe's receipt page for the charge; null in TEST MODE. */
    receiptUrl: string | null;
    createdAt: string;
  }[];
  /** What a staff cancellation could still refund: the paid amount less any refund. */
  refundablePence: number;
  checkIns: { checkedInAt: string; checkedOutAt: string | null; checkedInBy: string; checkedOutBy: string | null }[];
  /** Subject, status and time only: never a body, code or link. */
  mails: { subject: string; template: string; status: string; createdAt: string; sentAt: string | null }[];
  audit: { actor: string; action: string; createdAt: string; details: Record<string, unknown> }[];
};
export type BookingManagerDetailResponse = { booking: BookingManagerDetail };

/** POST /api/admin/bookings/:id/resend-confirmation */
export type ResendConfirmationResponse = { success: true };

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
export type StaffCancelResponse = { status: 'cancelled'; refundPence: number; alreadyCancelled: boolean };

/** POST /api/admin/bookings/:id/move: another date or session at the same price (DECISIONS.md "Running the day"). */
export const staffMoveSchema = z.object({
  visitDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date'),
  sessionId: z.string().trim().min(1, 'Choose a session').max(64),
  reason: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export type StaffMoveInput = z.input<typeof staffMoveSchema>;
export type StaffMoveResponse = { status: 'moved'; visitDate: string; sessionId: string };
