import type { FastifyInstance } from 'fastify';
import { eventIdParamsSchema, eventInputSchema, eventPatchSchema } from '../../shared/contracts/events';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { writeAudit } from '../staff/audit';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { createEvent, getEvent, listEvents, patchEvent } from './event-store';

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
}
