import type { FastifyInstance } from 'fastify';
import {
  cafeMenuQuerySchema,
  cafeOrderIdParamsSchema,
  cafeOrderSecretHeadersSchema,
  cafeOrderStreamQuerySchema,
  createCafeOrderSchema,
  kitchenAvailabilitySchema,
  kitchenItemParamsSchema,
  kitchenModeSchema,
  kitchenStatusSchema,
  kitchenStreamQuerySchema,
  putCafeTablesSchema,
  refundCafeOrderSchema,
  type KitchenOrdersResponse,
} from '../../shared/contracts/cafe-orders';
import type { StaffMe } from '../../shared/contracts/staff';
import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import { AppError, parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { paymentDeps } from '../payments/payment-deps';
import { writeAudit } from '../staff/audit';
import { requireStaff, setStaffCookie } from '../staff/require-staff';
import { createStaffSession, revokeStaffSession } from '../staff/staff-sessions';
import { createCafeOrder } from './create-order';
import { lastEventIdOf, serveEventStream } from './event-stream';
import { kitchenEventsAfter, lastKitchenEventId } from './kitchen-events';
import { KitchenHub } from './kitchen-hub';
import { moveKitchenOrder, requireKitchen, setItemAvailability } from './kitchen';
import { cafeMenu } from './menu';
import { orderSecretMatches } from './order-secret';
import { cafeOrderView, kitchenItems, kitchenOrder, kitchenOrders } from './order-views';
import { refundCafeOrder } from './refund-order';
import { listCafeTables, putCafeTables } from './tables';

const noStore = { 'cache-control': 'no-store' };

/**
 * Orders from the table and the kitchen screen (issue 49; docs/cafe-orders.md): the phone's menu and order
 * (public, by the table's signed token), the order's page (by its secret), the kitchen's routes (a device in
 * kitchen mode only) and the tables (admins). Both streams are woken by this process's one LISTEN.
 */
export function cafeOrderRoutes(scopes: RouteScopes, ctx: AppContext): void {
  const hub = new KitchenHub(ctx.db, scopes.publicApp.log);
  scopes.publicApp.addHook('preClose', () => hub.close());
  phoneRoutes(scopes.publicApp, ctx, hub);
  kitchenRoutes(scopes.staffApp, ctx, hub);
  tableRoutes(scopes.staffApp, ctx);
}

const notYours = () => new AppError('not_found', 'We could not find that order.');

function phoneRoutes(app: FastifyInstance, ctx: AppContext, hub: KitchenHub): void {
  app.get('/api/cafe/menu', async (request, reply) => {
    const { table } = parseInput(cafeMenuQuerySchema, request.query);
    return reply.headers(noStore).send(await cafeMenu(ctx.db, table, ctx.now()));
  });
  app.post('/api/cafe/orders', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.cafeOrder);
    const input = parseInput(createCafeOrderSchema, request.body);
    const result = await createCafeOrder({ ...paymentDeps(ctx, request.log), input, now: ctx.now() });
    return reply.status(201).send(result);
  });
  app.get('/api/cafe/orders/:id', async (request, reply) => {
    const { id } = parseInput(cafeOrderIdParamsSchema, request.params);
    const headers = parseInput(cafeOrderSecretHeadersSchema, request.headers);
    if (!(await orderSecretMatches(ctx.db, id, headers['x-order-secret']))) throw notYours();
    const view = await cafeOrderView(ctx.db, id);
    if (!view) throw notYours();
    return reply.headers(noStore).send(view);
  });
  app.get('/api/cafe/orders/:id/stream', async (request, reply) => {
    const { id } = parseInput(cafeOrderIdParamsSchema, request.params);
    const query = parseInput(cafeOrderStreamQuerySchema, request.query);
    if (!(await orderSecretMatches(ctx.db, id, query.secret))) throw notYours();
    const resume = lastEventIdOf(request, query.lastEventId);
    const start = resume ?? (await lastKitchenEventId(ctx.db, id));
    const first =
      resume === undefined ? { id: start, event: 'order', data: await cafeOrderView(ctx.db, id) } : undefined;
    await serveEventStream(request, reply, {
      hub,
      start,
      first,
      read: async (after) =>
        Promise.all(
          (await kitchenEventsAfter(ctx.db, after, { orderId: id })).map(async (e) => ({
            id: e.id,
            event: 'order',
            data: await cafeOrderView(ctx.db, id),
          })),
        ),
    });
  });
}

function kitchenRoutes(app: FastifyInstance, ctx: AppContext, hub: KitchenHub): void {
  // Staff put a screen in the kitchen into kitchen mode, as they do kiosk mode: their session ends there.
  app.post('/api/staff/kitchen-mode', async (request, reply): Promise<StaffMe> => {
    const staff = await requireStaff(ctx, request);
    const { label } = parseInput(kitchenModeSchema, request.body);
    const now = ctx.now();
    const session = await ctx.db.transaction(async (tx) => {
      await revokeStaffSession(tx, staff.tokenHash, now);
      await writeAudit(tx, {
        actor: staff.username,
        action: 'kitchen_mode_started',
        subjectType: 'device',
        subjectId: label,
      });
      return createStaffSession({ db: tx, accountId: staff.accountId, kind: 'kitchen', label, now });
    });
    setStaffCookie(ctx, reply, session.token, session.expiresAt);
    return { signedIn: true, kind: 'kitchen', label };
  });
  app.get('/api/kitchen/orders', async (request, reply) => {
    await requireKitchen(ctx, request);
    // The position first: anything after it is sent again by the stream (a card is replaced, never doubled).
    const lastEventId = await lastKitchenEventId(ctx.db);
    const body: KitchenOrdersResponse = {
      orders: await kitchenOrders(ctx.db),
      items: await kitchenItems(ctx.db),
      lastEventId,
    };
    return reply.headers(noStore).send(body);
  });
  app.get('/api/kitchen/stream', async (request, reply) => {
    await requireKitchen(ctx, request);
    const query = parseInput(kitchenStreamQuerySchema, request.query);
    const start = lastEventIdOf(request, query.lastEventId) ?? (await lastKitchenEventId(ctx.db));
    await serveEventStream(request, reply, {
      hub,
      start,
      read: async (after) =>
        Promise.all(
          (await kitchenEventsAfter(ctx.db, after)).map(async (e) => ({
            id: e.id,
            event: e.kind,
            data:
              e.kind === 'order'
                ? await kitchenOrder(ctx.db, e.orderId!)
                : ((await kitchenItems(ctx.db, [e.itemId!]))[0] ?? null),
          })),
        ),
    });
  });
  app.post('/api/kitchen/orders/:id/status', async (request) => {
    await requireKitchen(ctx, request);
    const { id } = parseInput(cafeOrderIdParamsSchema, request.params);
    const input = parseInput(kitchenStatusSchema, request.body);
    return moveKitchenOrder(ctx.db, { id, ...input, now: ctx.now() });
  });
  app.post('/api/kitchen/items/:id/availability', async (request) => {
    await requireKitchen(ctx, request);
    const { id } = parseInput(kitchenItemParamsSchema, request.params);
    const { available } = parseInput(kitchenAvailabilitySchema, request.body);
    return setItemAvailability(ctx.db, { id, available, now: ctx.now() });
  });
}

function tableRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/admin/cafe/tables', async (request, reply) => {
    await requireStaff(ctx, request, { role: 'admin' });
    return reply.headers(noStore).send({ tables: await listCafeTables(ctx.db, publicUrlOf(ctx)) });
  });
  app.put('/api/admin/cafe/tables', async (request) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const input = parseInput(putCafeTablesSchema, request.body);
    await putCafeTables(ctx.db, { input, actor: admin.username, now: ctx.now() });
    return { tables: await listCafeTables(ctx.db, publicUrlOf(ctx)) };
  });
  // Refunds are the staff area's (admins), never the kitchen screen's.
  app.post('/api/admin/cafe/orders/:id/refund', async (request) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { id } = parseInput(cafeOrderIdParamsSchema, request.params);
    const { reason } = parseInput(refundCafeOrderSchema, request.body);
    return refundCafeOrder({ ...paymentDeps(ctx, request.log), id, reason, actor: admin.username, now: ctx.now() });
  });
}
