import { creditEmailParamsSchema, creditPurchaseSchema, normaliseCreditEmail } from '../../shared/contracts/credits';
import { enforceRateLimit, pendingPaymentClient, rateLimits } from '../abuse/rate-limit';
import type { AppContext } from '../context';
import type { RouteScopes } from '../http/route-scopes';
import { requireFamilyFor } from '../families/family-cookie';
import { parseInput } from '../http/errors';
import { paymentDeps } from '../payments/payment-deps';
import { lookupCredits } from './lookup-credits';
import { purchaseCredits } from './purchase-credits';

export function creditRoutes({ publicApp: app }: RouteScopes, ctx: AppContext): void {
  app.post('/api/session-credits/purchase', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.creditPurchase);
    const input = parseInput(creditPurchaseSchema, request.body);
    const result = await purchaseCredits({
      ...paymentDeps(ctx, request.log),
      input,
      now: ctx.now(),
      client: pendingPaymentClient(ctx, request),
    });
    return reply.status(201).send(result);
  });

  app.get('/api/session-credits/:email', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.lookup);
    const { email } = parseInput(creditEmailParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    // Only the family session of this address sees its balance (GET /api/family/credits needs no address).
    const { email: proven } = await requireFamilyFor(ctx, request, normaliseCreditEmail(email));
    return lookupCredits(ctx.db, proven);
  });
}
