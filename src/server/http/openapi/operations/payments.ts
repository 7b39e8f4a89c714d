import {
  paymentsConfigResponseSchema,
  stripeEventSchema,
  stripeSignatureHeadersSchema,
  stripeWebhookResponseSchema,
  testPaymentConfirmResponseSchema,
  testPaymentConfirmSchema,
} from '../../../../shared/contracts/booking';
import { defineOperations } from '../operation';

/** The path of the TEST MODE card form, which exists only while the test provider is in use (payments/routes.ts). */
export const testPaymentsPath = '/api/test-payments/confirm';

/** payments/routes.ts and stripe-webhook-routes.ts (the staff payment search is the staff area's). */
export const paymentOperations = defineOperations([
  {
    method: 'get',
    path: '/api/payments/config',
    summary: 'Which payment provider the payment page uses (and Stripe’s publishable key)',
    auth: 'none',
    tag: 'Public',
    responses: { 200: paymentsConfigResponseSchema },
    errors: [],
  },
  {
    method: 'post',
    path: testPaymentsPath,
    summary: 'TEST MODE card form: pay a held booking or credit purchase with a test card',
    description:
      'Only while the offline test provider is in use. 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 ' +
      'is declined (status failed).',
    auth: 'none',
    tag: 'Public',
    body: testPaymentConfirmSchema,
    responses: { 200: testPaymentConfirmResponseSchema },
    errors: ['rate_limited', 'payment_not_found', 'payment_canceled'],
  },
  {
    method: 'post',
    path: '/api/stripe/webhook',
    summary: 'Stripe’s signed payment events',
    description:
      'Only the event’s ids are trusted: the payment’s state is fetched from Stripe again. 404 when Stripe is ' +
      'not this server’s provider; 503 when it cannot be verified or handled yet, so Stripe sends it again.',
    auth: 'none',
    tag: 'Public',
    headers: stripeSignatureHeadersSchema,
    body: stripeEventSchema,
    responses: { 200: stripeWebhookResponseSchema },
    errors: [
      'not_found',
      'webhook_not_configured',
      'invalid_signature',
      'invalid_json',
      'unknown_payment_intent',
      'provider_unavailable',
    ],
  },
]);
