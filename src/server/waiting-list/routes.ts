import type { FastifyInstance } from 'fastify';
import {
  staffWaitingListQuerySchema,
  waitingListIdParamsSchema,
  waitingListJoinSchema,
  waitingListOfferQuerySchema,
} from '../../shared/contracts/waiting-list';
import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import { requireFamily } from '../families/family-cookie';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { familyWaitingList, leaveWaitingList } from './family-waiting-list';
import { joinWaitingList } from './join-waiting-list';
import { nudgeWaitingList } from './offer-job';
import { staffOfferPlace, staffWaitingList } from './staff-waiting-list';
import { findOffer } from './use-offer';

/** The waiting list (issue 29): families join, see and leave it; offer links; the staff view and hand offers. */
export function waitingListRoutes({ publicApp, staffApp }: RouteScopes, ctx: AppContext): void {
  familyRoutes(publicApp, ctx);
  staffRoutes(staffApp, ctx);
}

function familyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/waiting-list', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    const input = parseInput(waitingListJoinSchema, request.body);
    const { id } = await joinWaitingList({ db: ctx.db, email, input, now: ctx.now() });
    const { entries } = await familyWaitingList(ctx.db, email, ctx.now());
    return reply.status(201).send(entries.find((e) => e.id === id));
  });

  app.get('/api/family/waiting-list', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    void reply.header('cache-control', 'no-store');
    return familyWaitingList(ctx.db, email, ctx.now());
  });

  app.delete('/api/family/waiting-list/:id', async (request) => {
    const { email } = await requireFamily(ctx, request);
    const { id } = parseInput(waitingListIdParamsSchema, request.params);
    const { freedPlaces } = await leaveWaitingList(ctx.db, { email, id, now: ctx.now() });
    if (freedPlaces) nudgeWaitingList(ctx, request.log);
    return { success: true as const };
  });

  // The offer link's token is its own proof (256 random bits); rate limited like other link look-ups.
  app.get('/api/waiting-list/offer', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.lookup);
    const { token } = parseInput(waitingListOfferQuerySchema, request.query);
    void reply.header('cache-control', 'no-store');
    return findOffer(ctx.db, token, ctx.now());
  });
}

function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/admin/waiting-list', async (request, reply) => {
    await requireStaff(ctx, request);
    const { date } = parseInput(staffWaitingListQuerySchema, request.query);
    void reply.header('cache-control', 'no-store');
    return staffWaitingList(ctx.db, date);
  });

  app.post('/api/admin/waiting-list/:id/offer', async (request) => {
    const staff = await requireStaff(ctx, request);
    const { id } = parseInput(waitingListIdParamsSchema, request.params);
    await staffOfferPlace(ctx.db, { id, actor: actorOf(staff), now: ctx.now(), publicUrl: publicUrlOf(ctx) });
    ctx.wakeMailer();
    return { success: true as const };
  });
}
