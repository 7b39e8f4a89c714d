import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import type { FastifyInstance } from 'fastify';
import { testPaymentConfirmSchema, type PaymentsConfigResponse } from '../../shared/contracts/booking';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import { confirmTestPayment } from './confirm-test-payment';

export function paymentRoutes(app: FastifyInstance, ctx: AppContext): void {
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
