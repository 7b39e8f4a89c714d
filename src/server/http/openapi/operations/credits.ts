import {
  creditEmailParamsSchema,
  creditLookupResponseSchema,
  creditPurchaseResponseSchema,
  creditPurchaseSchema,
} from '../../../../shared/contracts/credits';
import { defineOperations } from '../operation';

/** credits/routes.ts: buying a bundle of session credits, and an address's balance. */
export const creditOperations = defineOperations([
  {
    method: 'post',
    path: '/api/session-credits/purchase',
    summary: 'Buy a bundle of session credits: starts the payment',
    auth: 'none',
    tag: 'Public',
    body: creditPurchaseSchema,
    responses: { 201: creditPurchaseResponseSchema },
    errors: ['rate_limited', 'too_many_pending_payments', 'payment_unavailable'],
  },
  {
    method: 'get',
    path: '/api/session-credits/:email',
    summary: 'The session credits of an address (only with the family session of that address)',
    auth: 'family',
    tag: 'Family',
    params: creditEmailParamsSchema,
    responses: { 200: creditLookupResponseSchema },
    errors: ['rate_limited'],
  },
]);
