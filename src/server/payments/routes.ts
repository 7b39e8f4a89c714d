import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import type { FastifyInstance } from 'fastify';
import { searchPaymentsSchema, type SearchPaymentsResponse } from '../../shared/contracts/admin';
import { testPaymentConfirmSchema, type PaymentsConfigResponse } from '../../shared/contracts/booking';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { requireStaff } from '../staff/require-staff';
import { confirmTestPayment } from './confirm-test-payment';
import { searchPayments } from './search-payments';
import { stripeWebhookRoutes } from './stripe-webhook-routes';

/** The provider the browser pays with, the TEST MODE card form, Stripe's webhook, and the staff payment search. */
export function paymentRoutes({ publicApp, staffApp }: RouteScopes, ctx: AppContext): void {
  publicPaymentRoutes(publicApp, ctx);
  stripeWebhookRoutes(publicApp, ctx);
  staffApp.post('/api/admin/search-payments', async (request, reply): Promise<SearchPaymentsResponse> => {
    await requireStaff(ctx, request);
    const { searchTerm } = parseInput(searchPaymentsSchema, request.body);
    // Customer data: never kept by a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    return searchPayments({ db: ctx.db, searchTerm });
  });
}

function publicPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/payments/config', async (): Promise<PaymentsConfigResponse> =>
    ctx.payments.name === 'stripe'
      ? { provider: 'stripe', publishableKey: ctx.config.STRIPE_PUBLISHABLE_KEY ?? '' }
      : { provider: 'test' },
  );

  // The TEST MODE card form exists only while the test provider is the one in use.
  if (ctx.payments.name === 'test') {
    app.post('/api/test-payments/confirm', async (request) => {
      await enforceRateLimit(ctx, request, rateLimits.confirmTestPayment);
      const input = parseInput(testPaymentConfirmSchema, request.body);
      const result = await confirmTestPayment({ ctx, input, log: request.log });
      ctx.wakeMailer();
      return result;
    });
  }
}
