import type { FastifyInstance } from 'fastify';
import {
  eventIdParamsSchema,
  eventInputSchema,
  eventBookingParamsSchema,
  eventHoldSchema,
  eventPatchSchema,
  queueJoinSchema,
  queueTicketParamsSchema,
} from '../../shared/contracts/events';
import { enforceRateLimit } from '../abuse/rate-limit';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { writeAudit } from '../staff/audit';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { familySessionOf } from '../families/family-cookie';
import { AppError } from '../http/errors';
import { paymentDeps } from '../payments/payment-deps';
import { eventBookingStatus } from './event-booking-status';
import { eventLimits } from './event-limits';
import { eventSheet, queueFigures } from './event-staff';
import { checkInEventBooking } from './event-check-in';
import { holdEventPlaces } from './hold-places';
import { createEvent, findEvent, getEvent, listEvents, patchEvent } from './event-store';
import { makeChallenge } from './proof-of-work';
import { joinQueue, queueState } from './queue';

const familySessionRequired = () =>
  new AppError('family_session_required', 'Please confirm your e-mail address with the code we send you first.');

/** Special events (issue 51): the public reads and the admin's editor. */
export function eventRoutes({ publicApp, staffApp }: RouteScopes, ctx: AppContext): void {
  publicRoutes(publicApp, ctx);
  adminRoutes(staffApp, ctx);
}

function publicRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/events', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return listEvents(ctx.db, ctx.now());
  });

  app.get('/api/events/:id', async (request, reply) => {
    const { id } = parseInput(eventIdParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    return getEvent(ctx.db, id, ctx.now());
  });
  queueRoutes(app, ctx);
  holdRoutes(app, ctx);
}

function holdRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/events/:id/hold', async (request, reply) => {
    const { id } = parseInput(eventIdParamsSchema, request.params);
    await enforceRateLimit(ctx, request, eventLimits.hold);
    const input = parseInput(eventHoldSchema, request.body);
    const family = await familySessionOf(ctx, request);
    if (!family) throw familySessionRequired();
    const held = await holdEventPlaces({
      ...paymentDeps(ctx, request.log),
      eventId: id,
      input,
      email: family.email,
      now: ctx.now(),
    });
    return reply.status(201).send(held);
  });

  app.get('/api/events/:id/bookings/:bookingId', async (request, reply) => {
    const { id, bookingId } = parseInput(eventBookingParamsSchema, request.params);
    const family = await familySessionOf(ctx, request);
    if (!family) throw familySessionRequired();
    reply.header('cache-control', 'no-store');
    return eventBookingStatus(ctx.db, { eventId: id, bookingId, email: family.email, now: ctx.now() });
  });
}

function queueRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/events/:id/queue/challenge', async (request, reply) => {
    const { id } = parseInput(eventIdParamsSchema, request.params);
    await enforceRateLimit(ctx, request, eventLimits.challenge);
    await findEvent(ctx.db, id);
    reply.header('cache-control', 'no-store');
    return makeChallenge(ctx.db, { eventId: id, now: ctx.now(), maxNumber: ctx.config.EVENT_POW_MAX_NUMBER });
  });

  app.post('/api/events/:id/queue', async (request, reply) => {
    const { id } = parseInput(eventIdParamsSchema, request.params);
    await enforceRateLimit(ctx, request, eventLimits.join);
    const { payload } = parseInput(queueJoinSchema, request.body);
    const joined = await joinQueue(ctx.db, { eventId: id, payload, address: request.ip, now: ctx.now() });
    return reply.status(201).send(joined);
  });

  app.get('/api/events/:id/queue/:ticket', async (request, reply) => {
    const { id, ticket } = parseInput(queueTicketParamsSchema, request.params);
    await enforceRateLimit(ctx, request, eventLimits.poll);
    reply.header('cache-control', 'no-store');
    return queueState(ctx.db, { eventId: id, ticket, now: ctx.now() });
  });
}

function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/admin/catalogue/events', async (request, reply) => {
    const staff = await requireStaff(ctx, request, { role: 'admin' });
    const input = parseInput(eventInputSchema, request.body);
    const event = await createEvent(ctx.db, input, ctx.now());
    await writeAudit(ctx.db, {
      actor: actorOf(staff),
      action: 'event.create',
      subjectType: 'event',
      subjectId: event.id,
    });
    return reply.status(201).send(event);
  });

  app.patch('/api/admin/catalogue/events/:id', async (request) => {
    const staff = await requireStaff(ctx, request, { role: 'admin' });
    const { id } = parseInput(eventIdParamsSchema, request.params);
    const input = parseInput(eventPatchSchema, request.body);
    const event = await patchEvent(ctx.db, id, input, ctx.now());
    await writeAudit(ctx.db, { actor: actorOf(staff), action: 'event.update', subjectType: 'event', subjectId: id });
    return event;
  });

  app.get('/api/admin/events/:id/sheet', async (request, reply) => {
    await requireStaff(ctx, request);
    const { id } = parseInput(eventIdParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    return eventSheet(ctx.db, id, ctx.now());
  });

  app.post('/api/admin/events/:id/bookings/:bookingId/check-in', async (request) => {
    const staff = await requireStaff(ctx, request);
    const { id, bookingId } = parseInput(eventBookingParamsSchema, request.params);
    const { checkedInAt } = await checkInEventBooking(ctx.db, {
      eventId: id,
      bookingId,
      actor: actorOf(staff),
      now: ctx.now(),
    });
    return { checkedInAt: checkedInAt.toISOString() };
  });

  app.get('/api/admin/events/:id/queue', async (request, reply) => {
    await requireStaff(ctx, request);
    const { id } = parseInput(eventIdParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    return queueFigures(ctx.db, id, ctx.now());
  });
}
