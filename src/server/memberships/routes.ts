import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminMembershipActionSchema,
  adminMembershipActions,
  adminMembershipQuerySchema,
  cancelMembershipSchema,
  joinMembershipSchema,
  membershipIdParamsSchema,
  type CoolingOffPreview,
  type FamilyMembershipsResponse,
  type MembershipPlansResponse,
  type UpdateCardResponse,
} from '../../shared/contracts/memberships';
import {
  memberOfferSchema,
  memberWalkInSchema,
  type MemberOfferResponse,
  type MemberWalkInResponse,
} from '../../shared/contracts/member-walk-in';
import { enforceRateLimit, rateLimits, type RateLimitRule } from '../abuse/rate-limit';
import { kioskAccess } from '../checkin/kiosk-view';
import { catalogueOf } from '../catalogue/catalogue-store';
import type { AppContext } from '../context';
import { memberships } from '../db/schema';
import { requireFamily } from '../families/family-cookie';
import { AppError, parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { paymentDeps } from '../payments/payment-deps';
import { requireKioskOrStaff, requireStaff } from '../staff/require-staff';
import { getAppSecret } from '../security/app-secret';
import { actorOf } from '../staff/staff-sessions';
import { adminMembershipAction, listMemberships } from './admin-memberships';
import { cancelMembership, ownMembership } from './cancel-membership';
import { previewCoolingOff } from './cooling-off-terms';
import { joinMembership } from './join-membership';
import { startCardUpdate } from './update-card';
import { replaceMemberCard } from './replace-member-card';
import { membershipViews } from './membership-rows';
import { cardWorks, memberCardQr, memberCardToken } from './member-card';
import { memberWalkIn, membershipOfCard, offerOf, planMemberWalkIn, requireRoom } from './member-walk-in';

/** Starting payments is what costs (a Stripe customer and subscription each): a few a client in 10 minutes. */
const joinPerClient: RateLimitRule = { name: 'membership-join', max: 10, windowSeconds: 600 };

/**
 * Memberships (issue 40). Who may call what:
 * - the plans on sale: anyone;
 * - joining, the family's list and cancelling: the family session only (401 without), and only that
 *   address's children and memberships (another family's id: 404, as a guessed one);
 * - the Members list: staff; pause, resume and end: admins, with a reason, audited.
 */
export function membershipRoutes({ publicApp, staffApp }: RouteScopes, ctx: AppContext): void {
  publicRoutes(publicApp, ctx);
  adminRoutes(staffApp, ctx);
  kioskRoutes(staffApp, ctx);
}

/** A device in kiosk mode: 401 without one (a family's or no cookie), 403 for staff (they book at the desk). */
async function requireKioskDevice(ctx: AppContext, request: FastifyRequest) {
  const principal = await requireKioskOrStaff(ctx, request);
  if (principal.kind !== 'kiosk')
    throw new AppError('forbidden', 'Only a device in kiosk mode checks members in without a booking.');
  await enforceRateLimit(ctx, request, rateLimits.kioskSearch, principal.tokenHash);
  return principal;
}

/**
 * A member card with no booking today, at the kiosk (issue 40): what it offers now, and the offer accepted
 * (a £0 booking made through the bookings domain and checked in with check-in's code).
 */
function kioskRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/check-in/member-offer', async (request, reply): Promise<MemberOfferResponse> => {
    await requireKioskDevice(ctx, request);
    const { card } = parseInput(memberOfferSchema, request.body);
    reply.header('cache-control', 'no-store');
    const plan = await planMemberWalkIn(ctx.db, await membershipOfCard(ctx.db, card), ctx.now());
    requireRoom(plan, 1);
    return { success: true, offer: offerOf(plan) };
  });

  app.post('/api/check-in/member-walk-in', async (request, reply) => {
    const principal = await requireKioskDevice(ctx, request);
    const input = parseInput(memberWalkInSchema, request.body);
    const { ticket, created } = await memberWalkIn({
      ...paymentDeps(ctx, request.log),
      input,
      access: await kioskAccess(ctx, principal),
      actor: actorOf(principal),
    });
    if (created) ctx.wakeMailer();
    reply.header('cache-control', 'no-store');
    return reply.status(created ? 201 : 200).send({ success: true, ticket } satisfies MemberWalkInResponse);
  });
}

function publicRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/memberships/plans', async (_request, reply): Promise<MembershipPlansResponse> => {
    reply.header('cache-control', 'no-cache');
    const all = await catalogueOf(ctx.db);
    const bands = all.dayTypes.value.bands;
    const plans = all.membershipPlans.value.plans
      .filter((p) => p.active)
      .map(({ active: _active, bandIds, ...p }) => ({
        ...p,
        days:
          bandIds.length === 0
            ? 'Any day'
            : `${bandIds.map((id) => bands.find((b) => b.id === id)?.name ?? id).join(' and ')} days`,
      }));
    return { plans };
  });

  app.post('/api/memberships', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    await enforceRateLimit(ctx, request, joinPerClient);
    const input = parseInput(joinMembershipSchema, request.body);
    const result = await joinMembership({ ...paymentDeps(ctx, request.log), email, input, now: ctx.now() });
    return reply.status(201).header('cache-control', 'no-store').send(result);
  });

  app.get('/api/family/memberships', async (request, reply): Promise<FamilyMembershipsResponse> => {
    const { email } = await requireFamily(ctx, request);
    reply.header('cache-control', 'no-store');
    const rows = await ctx.db
      .select()
      .from(memberships)
      .where(eq(memberships.email, email))
      .orderBy(desc(memberships.createdAt), desc(memberships.memberNumber));
    const secret = await getAppSecret(ctx.db);
    const views = await membershipViews(ctx.db, rows);
    const cardVersion = (id: string) => rows.find((r) => r.id === id)?.cardVersion ?? 1;
    return {
      memberships: await Promise.all(
        views.map(async (v) =>
          cardWorks(v.status)
            ? { ...v, cardQr: await memberCardQr(memberCardToken(secret, v.id, cardVersion(v.id))) }
            : v,
        ),
      ),
    };
  });

  app.post('/api/family/memberships/:id/replace-card', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    const { id } = parseInput(membershipIdParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    return replaceMemberCard({ db: ctx.db, email, id, now: ctx.now() });
  });

  app.post('/api/family/memberships/:id/update-card', async (request, reply): Promise<UpdateCardResponse> => {
    const { email } = await requireFamily(ctx, request);
    const { id } = parseInput(membershipIdParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    return startCardUpdate({ ...paymentDeps(ctx, request.log), email, id, now: ctx.now() });
  });

  app.get('/api/family/memberships/:id/cooling-off', async (request, reply): Promise<CoolingOffPreview> => {
    const { email } = await requireFamily(ctx, request);
    const { id } = parseInput(membershipIdParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    return previewCoolingOff({ db: ctx.db, m: await ownMembership(ctx.db, email, id), now: ctx.now() });
  });

  app.post('/api/family/memberships/:id/cancel', async (request, reply) => {
    const { email } = await requireFamily(ctx, request);
    const { id } = parseInput(membershipIdParamsSchema, request.params);
    const { mode, futureVisits } = parseInput(cancelMembershipSchema, request.body ?? {});
    const result = await cancelMembership({
      ...paymentDeps(ctx, request.log),
      email,
      id,
      mode,
      futureVisits,
      now: ctx.now(),
    });
    ctx.wakeMailer();
    reply.header('cache-control', 'no-store');
    return result;
  });
}

function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/admin/memberships', async (request, reply) => {
    await requireStaff(ctx, request);
    const query = parseInput(adminMembershipQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return listMemberships(ctx.db, query);
  });

  for (const action of adminMembershipActions)
    app.post(`/api/admin/memberships/:id/${action}`, async (request) => {
      const admin = await requireStaff(ctx, request, { role: 'admin' });
      const { id } = parseInput(membershipIdParamsSchema, request.params);
      const { reason } = parseInput(adminMembershipActionSchema, request.body);
      await adminMembershipAction({
        ...paymentDeps(ctx, request.log),
        id,
        action,
        reason,
        actor: actorOf(admin),
        now: ctx.now(),
      });
      const [row] = await ctx.db.select().from(memberships).where(eq(memberships.id, id));
      const [membership] = await membershipViews(ctx.db, [row!]);
      return { membership };
    });
}
