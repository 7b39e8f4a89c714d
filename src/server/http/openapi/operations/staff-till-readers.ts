import { staffMeSchema, staffSuccessSchema } from '../../../../shared/contracts/staff';
import {
  cardSaleIdParamsSchema,
  readerIdParamsSchema,
  readerPaymentResultSchema,
  readerRemovedSchema,
  registerReaderSchema,
  simulatedPresentSchema,
  staffPinSchema,
  switchUserSchema,
  tillReaderSchema,
  tillReadersResponseSchema,
} from '../../../../shared/contracts/till';
import { defineOperations } from '../operation';

/** The till's card readers and quick switching by PIN (server/till/reader-routes.ts, server/staff/pin-routes.ts). */
export const staffTillReaderOperations = defineOperations([
  {
    method: 'get',
    path: '/api/admin/till/readers',
    summary: 'The card readers registered for the till (TEST MODE: the built-in Simulated reader)',
    auth: 'admin',
    tag: 'Admin',
    responses: { 200: tillReadersResponseSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/admin/till/readers',
    summary: 'Register a Stripe Terminal reader by the code it shows (audited)',
    auth: 'admin',
    tag: 'Admin',
    body: registerReaderSchema,
    responses: { 201: tillReaderSchema },
    errors: ['terminal_not_configured', 'payment_unavailable'],
  },
  {
    method: 'delete',
    path: '/api/admin/till/readers/:id',
    summary: 'Remove a card reader (from Stripe too; audited)',
    auth: 'admin',
    tag: 'Admin',
    params: readerIdParamsSchema,
    responses: { 200: readerRemovedSchema },
    errors: ['not_found', 'terminal_not_configured', 'payment_unavailable'],
  },
  {
    method: 'get',
    path: '/api/till/readers',
    summary: 'The card readers the till may send a card payment to',
    auth: 'staff',
    tag: 'Staff',
    responses: { 200: tillReadersResponseSchema },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/till/sales/:id/cancel-card',
    summary:
      "Cancel a card payment waiting on a reader (the sale's till operator or an admin; the answer is Stripe's: paid if the card beat the cancel)",
    auth: 'staff',
    tag: 'Staff',
    params: cardSaleIdParamsSchema,
    responses: { 200: readerPaymentResultSchema },
    errors: ['not_found', 'not_your_till', 'reader_unavailable', 'payment_unavailable'],
  },
  {
    method: 'post',
    path: '/api/till/simulated-reader/present',
    summary:
      'TEST MODE only: tap a test card on the Simulated reader (4242 4242 4242 4242 pays, 4000 0000 0000 0002 declines)',
    auth: 'staff',
    tag: 'Staff',
    body: simulatedPresentSchema,
    responses: { 200: readerPaymentResultSchema },
    errors: ['not_found', 'not_your_till'],
  },
  {
    method: 'put',
    path: '/api/staff/pin',
    summary: 'Set your own 4-6 digit PIN for switching on a till (your password confirms it)',
    auth: 'staff',
    tag: 'Staff',
    body: staffPinSchema,
    responses: { 200: staffSuccessSchema },
    errors: ['weak_pin', 'wrong_current_password', 'rate_limited'],
  },
  {
    method: 'post',
    path: '/api/till/switch-user',
    summary:
      'Switch this signed-in till device to another staff member by their PIN (five wrong lock the PIN 15 minutes)',
    auth: 'staff',
    tag: 'Staff',
    body: switchUserSchema,
    responses: { 200: staffMeSchema },
    errors: ['invalid_credentials', 'pin_locked', 'rate_limited'],
  },
]);
