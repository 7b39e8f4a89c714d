import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { stripeEventSchema, type StripeWebhookResponse } from '../../shared/contracts/booking';
import type { AppContext } from '../context';
import { AppError, parseInput } from '../http/errors';
import { paymentDeps } from './payment-deps';
import { processStripeEvent } from './process-stripe-event';

/** Stripe's events are a few KB; charge objects with long histories can grow, so allow more than the API's 64 KB. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * POST /api/stripe/webhook. The signature is an HMAC over the exact bytes Stripe sent, so this route
 * lives in its own encapsulated plugin whose JSON parser keeps the raw Buffer; every other route keeps
 * the app's normal JSON parser. Answers: 400 for a missing or bad signature or a malformed event
 * (nothing changed), 2xx once handled or deliberately ignored, 503 when a lock or Stripe is busy so
 * Stripe redelivers later.
 */
export function stripeWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );

    scope.post('/api/stripe/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      if (ctx.payments.name !== 'stripe') throw new AppError('not_found', 'Stripe is not configured on this server.');
      const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
      if (!secret) {
        // Misconfigured, not the sender's fault: a 503 keeps Stripe redelivering until the secret is set.
        request.log.error('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified');
        throw new AppError('webhook_not_configured', 'Webhook signing secret not configured.');
      }
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !signature)
        throw new AppError('invalid_signature', 'Missing Stripe-Signature header.');
      if (!Buffer.isBuffer(request.body)) throw new AppError('invalid_input', 'Expected a JSON body.');

      let parsed: unknown;
      try {
        parsed = Stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
          request.log.warn({ reason: err.message }, 'Stripe webhook with a bad signature refused');
          throw new AppError('invalid_signature', 'Webhook signature verification failed.');
        }
        // Signed but not JSON: only a broken sender produces this.
        throw new AppError('invalid_json', 'Webhook body is not valid JSON.');
      }
      const event = parseInput(stripeEventSchema, parsed);
      const outcome = await processStripeEvent({ ...paymentDeps(ctx, request.log), event, now: ctx.now() });
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe webhook handled');
      if (
        ('outcome' in outcome && outcome.outcome === 'updated') ||
        ('billing' in outcome && outcome.billing === 'updated')
      )
        ctx.wakeMailer(); // confirmation or refund mail queued
      return reply.status(200).send(outcome satisfies StripeWebhookResponse);
    });
  });
}
