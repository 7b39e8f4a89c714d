import {
  bookingSecretHeadersSchema,
  bookingStatusParamsSchema,
  bookingStatusResponseSchema,
  cancelBookingPreviewSchema,
  cancelBookingResponseSchema,
  cancelBookingSchema,
  createBookingResponseSchema,
  createBookingSchema,
} from '../../../../shared/contracts/booking';
import { defineOperations } from '../operation';

/** bookings/routes.ts: booking and paying, the status page, and the e-mailed cancel link. */
export const bookingOperations = defineOperations([
  {
    method: 'post',
    path: '/api/create-booking-payment',
    summary: 'Book a visit: holds the places for 15 minutes and starts the payment',
    description:
      'Answers the payment client secret (empty when session credits cover it all and the booking is ' +
      'confirmed at once) and a booking secret for GET /api/bookings/{id}. Credits are used only with the ' +
      'family session of the booking’s address. voucherCode takes a loyalty voucher (PTB-…) or a gift ' +
      'voucher (GV-…), which pays what is left after credits up to its balance; wrong gift codes are rate limited.',
    auth: 'none',
    tag: 'Public',
    body: createBookingSchema,
    responses: { 201: createBookingResponseSchema },
    errors: [
      'rate_limited',
      'too_many_pending_payments',
      'date_out_of_range',
      'session_required',
      'session_closed',
      'total_mismatch',
      'unknown_ticket_type',
      'ticket_not_available',
      'voucher_invalid',
      'voucher_not_for_booking',
      'voucher_needs_child',
      'voucher_held',
      'voucher_used',
      'gift_code_unknown',
      'gift_code_expired',
      'gift_code_void',
      'gift_code_spent',
      'session_unavailable',
      'capacity_exhausted',
      'waiting_list_offer_invalid',
      'payment_unavailable',
    ],
  },
  {
    method: 'get',
    path: '/api/bookings/:id',
    summary: 'A booking’s status, for the page the payment returns to',
    description: 'Needs the X-Booking-Secret the booking answered, or the family session of its address.',
    auth: 'none',
    tag: 'Public',
    params: bookingStatusParamsSchema,
    headers: bookingSecretHeadersSchema,
    responses: { 200: bookingStatusResponseSchema },
    errors: ['booking_not_found'],
  },
  {
    method: 'get',
    path: '/api/bookings/cancel',
    summary: 'Preview cancelling by the signed link in the confirmation e-mail (changes nothing)',
    auth: 'none',
    tag: 'Public',
    query: cancelBookingSchema,
    responses: { 200: cancelBookingPreviewSchema },
    errors: ['invalid_link'],
  },
  {
    method: 'post',
    path: '/api/bookings/cancel',
    summary: 'Cancel by the signed link in the confirmation e-mail (a full refund up to 24 hours before)',
    auth: 'none',
    tag: 'Public',
    body: cancelBookingSchema,
    responses: { 200: cancelBookingResponseSchema },
    errors: ['rate_limited', 'invalid_link', 'not_cancellable', 'too_late_to_cancel'],
  },
]);
