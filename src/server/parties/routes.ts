import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  partyBookingSchema,
  partyChildrenChangeSchema,
  partyChoiceSchema,
  partyIdParamsSchema,
  partyMonthQuerySchema,
  partyPaymentRequestSchema,
  type FamilyPartyView,
  type PartyAvailabilityResponse,
  type PartyQuoteResponse,
} from '../../shared/contracts/party-booking';
import { enforceRateLimit, pendingPaymentClient, rateLimits } from '../abuse/rate-limit';
import { catalogueOf } from '../catalogue/catalogue-store';
import type { AppContext } from '../context';
import { familySessionOf } from '../families/family-cookie';
import { limitGiftCodeGuesses } from '../gift-vouchers/booking-gift-voucher-limit';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { paymentDeps } from '../payments/payment-deps';
import { getAppSecret } from '../security/app-secret';
import { changeChildren } from './change-children';
import { bookParty, quoteParty } from './book-party';
import { partyForViewer, partyTokenOf, type PartyViewer } from './party-access';
import { partyAvailability } from './party-availability';
import { familyPartyView } from './party-details';
import { payWhatIsDue } from './party-payment';

/** Who is asking: the manage token (X-Party-Token) and/or the browser's family session. */
async function viewerOf(ctx: AppContext, request: FastifyRequest): Promise<PartyViewer> {
  return {
    token: partyTokenOf(request.headers),
    familyEmail: (await familySessionOf(ctx, request))?.email,
  };
}

/** Parties booked and paid online by families (issue 28; DECISIONS.md "Parties online"). */
export function partyRoutes({ publicApp }: RouteScopes, ctx: AppContext): void {
  familyPartyRoutes(publicApp, ctx);
}

function familyPartyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/parties/availability', async (request, reply): Promise<PartyAvailabilityResponse> => {
    const { month } = parseInput(partyMonthQuerySchema, request.query);
    // Public and the same for everyone: a few seconds in a cache, so a just-taken room shows soon.
    void reply.header('cache-control', 'public, max-age=5');
    return partyAvailability(ctx.db, await catalogueOf(ctx.db), month, ctx.now());
  });

  app.post('/api/parties/quote', async (request): Promise<PartyQuoteResponse> => {
    await enforceRateLimit(ctx, request, rateLimits.lookup);
    const choice = parseInput(partyChoiceSchema, request.body);
    return quoteParty(ctx.db, choice, ctx.now());
  });

  app.post('/api/parties', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.createBooking);
    const input = parseInput(partyBookingSchema, request.body);
    const result = await bookParty(
      { ...paymentDeps(ctx, request.log), now: ctx.now(), client: pendingPaymentClient(ctx, request) },
      input,
    );
    return reply.status(201).send(result);
  });

  app.get('/api/parties/:id', async (request, reply): Promise<FamilyPartyView> => {
    const { id } = parseInput(partyIdParamsSchema, request.params);
    void reply.header('cache-control', 'no-store');
    const row = await partyForViewer(ctx.db, await getAppSecret(ctx.db), id, await viewerOf(ctx, request));
    return familyPartyView(ctx.db, row, await catalogueOf(ctx.db));
  });

  app.post('/api/parties/:id/balance', async (request) => {
    await enforceRateLimit(ctx, request, rateLimits.createBooking);
    const { id } = parseInput(partyIdParamsSchema, request.params);
    const { voucherCode } = parseInput(partyPaymentRequestSchema, request.body ?? {});
    const row = await partyForViewer(ctx.db, await getAppSecret(ctx.db), id, await viewerOf(ctx, request));
    // A gift voucher code counts against GET /api/gift-vouchers/{code}'s limits (per client, per code) when it names none.
    return limitGiftCodeGuesses(ctx, request, voucherCode, () =>
      payWhatIsDue({ ...paymentDeps(ctx, request.log), now: ctx.now() }, row.id, { voucherCode }),
    );
  });

  app.patch('/api/parties/:id/children', async (request, reply): Promise<FamilyPartyView> => {
    const { id } = parseInput(partyIdParamsSchema, request.params);
    const row = await partyForViewer(ctx.db, await getAppSecret(ctx.db), id, await viewerOf(ctx, request));
    const input = parseInput(partyChildrenChangeSchema, request.body);
    await changeChildren(ctx.db, {
      id: row.id,
      children: input.children,
      foodChoices: input.foodChoices,
      now: ctx.now(),
    });
    void reply.header('cache-control', 'no-store');
    const changed = await partyForViewer(ctx.db, await getAppSecret(ctx.db), id, await viewerOf(ctx, request));
    return familyPartyView(ctx.db, changed, await catalogueOf(ctx.db));
  });
}
