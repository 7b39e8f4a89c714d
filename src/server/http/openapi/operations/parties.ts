import { z } from '../../../../shared/contracts/zod';
import {
  familyPartyViewSchema,
  partyAvailabilityResponseSchema,
  partyBookingSchema,
  partyChildrenChangeSchema,
  partyChoiceSchema,
  partyIdParamsSchema,
  partyDuePaymentResponseSchema,
  partyMonthQuerySchema,
  partyPaymentRequestSchema,
  partyPaymentResponseSchema,
  partyQuoteResponseSchema,
} from '../../../../shared/contracts/party-booking';
import type { ErrorCode } from '../../../../shared/contracts/errors';
import { defineOperations } from '../operation';

/** The manage token is one of two ways in (the family session is the other), so the header is optional here. */
const partyTokenHeaders = z.object({ 'x-party-token': z.string().max(100).optional() });

const choiceErrors: ErrorCode[] = [
  'party_slot_not_allowed',
  'party_children_out_of_range',
  'party_date_out_of_range',
  'voucher_invalid',
  'voucher_not_for_party',
  'voucher_used',
];

/** parties/routes.ts: a family books a party online, pays its deposit and balance, and changes the numbers. */
export const partyOperations = defineOperations([
  {
    method: 'get',
    path: '/api/parties/availability',
    summary: 'A month of party slots: free rooms and bookable packages per slot, the packages, menu and deposit',
    auth: 'none',
    tag: 'Public',
    query: partyMonthQuerySchema,
    responses: { 200: partyAvailabilityResponseSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/parties/quote',
    summary: 'The price of a party choice, exactly as POST /api/parties would charge it',
    auth: 'none',
    tag: 'Public',
    body: partyChoiceSchema,
    responses: { 200: partyQuoteResponseSchema },
    errors: ['rate_limited', ...choiceErrors],
  },
  {
    method: 'post',
    path: '/api/parties',
    summary: 'Book a party: holds a room while the deposit is paid and starts the deposit payment',
    description:
      'Answers the payment client secret and the manage token (send it back as X-Party-Token). The party is ' +
      'confirmed when the deposit is paid. A VIP Party Discount voucher takes 20% off.',
    auth: 'none',
    tag: 'Public',
    body: partyBookingSchema,
    responses: { 201: partyPaymentResponseSchema },
    errors: [
      'rate_limited',
      ...choiceErrors,
      'voucher_held',
      'too_many_pending_payments',
      'party_slot_taken',
      'party_date_closed',
      'payment_unavailable',
    ],
  },
  {
    method: 'get',
    path: '/api/parties/:id',
    summary: 'The family’s own party: status, price, what is paid and due, invitations',
    description: 'Needs the X-Party-Token of the manage link, or the family session of the party’s address.',
    auth: 'none',
    tag: 'Public',
    params: partyIdParamsSchema,
    headers: partyTokenHeaders,
    responses: { 200: familyPartyViewSchema },
    errors: ['party_not_found'],
  },
  {
    method: 'post',
    path: '/api/parties/:id/balance',
    summary: 'Pay what is due: the deposit of a party still held, else the balance of a confirmed one',
    description:
      'Needs the X-Party-Token of the manage link, or the family session of the party’s address. A gift ' +
      'voucher code pays what it can at once and the card the rest; a voucher that pays it all confirms the ' +
      'party (or pays the balance) with no card payment (clientSecret null). Codes are rate limited as ' +
      'GET /api/gift-vouchers/{code} is; a refused code is a 400 on voucherCode.',
    auth: 'none',
    tag: 'Public',
    params: partyIdParamsSchema,
    headers: partyTokenHeaders,
    body: partyPaymentRequestSchema,
    responses: { 200: partyDuePaymentResponseSchema },
    errors: [
      'rate_limited',
      'party_not_found',
      'party_not_payable',
      'party_nothing_due',
      'payment_unavailable',
      'gift_code_unknown',
      'gift_code_expired',
      'gift_code_void',
      'gift_code_spent',
    ],
  },
  {
    method: 'patch',
    path: '/api/parties/:id/children',
    summary: 'Change the number of children (and their food) until 7 days before the party; repriced by the server',
    description:
      'Needs the X-Party-Token of the manage link, or the family session of the party’s address. A new total ' +
      'below what has been paid is refused: please call.',
    auth: 'none',
    tag: 'Public',
    params: partyIdParamsSchema,
    headers: partyTokenHeaders,
    body: partyChildrenChangeSchema,
    responses: { 200: familyPartyViewSchema },
    errors: [
      'party_not_found',
      'cancelled',
      'party_change_too_late',
      'party_children_out_of_range',
      'party_below_paid',
    ],
  },
]);
