import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cafeItemTillInputSchema,
  cashMovementSchema,
  closeTillSessionSchema,
  menuItemIdParamsSchema,
  openSessionsQuerySchema,
  openTillSessionSchema,
  refundInputSchema,
  saleInputSchema,
  shopItemsInputSchema,
  tillIdParamsSchema,
  voidSaleSchema,
  type SessionSalesResponse,
} from '../../shared/contracts/till';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { requireStaff } from '../staff/require-staff';
import { patchMenuItemTill, putShopItems } from './admin-till-items';
import { sessionOfYourTill } from './sale-access';
import { loadSessionSales } from './sale-view';
import { createTillSale, loadSale, refundTillSale, voidTillSale } from './sales';
import { tillCatalogue } from './till-catalogue';
import { closeTillSession, moveCash, openTillSession, openTillSessions } from './till-sessions';
import { zReport } from './z-report';

import { tillReceiptEmailRoute } from './receipt-email-route';
import { tillSwitchUserRoute } from './switch-user-route';
/**
 * The counter till (issue 48; docs/till.md): staff sell, open and close tills; admins edit the shop list and
 * the cafe items' till facts (catalogue edits, audited) and refund after 10 minutes. Kiosk devices are refused.
 */
export function tillRoutes(scopes: RouteScopes, ctx: AppContext): void {
  const { staffApp } = scopes;
  sessionRoutes(staffApp, ctx);
  saleRoutes(staffApp, ctx);
  adminRoutes(staffApp, ctx);
  tillSwitchUserRoute(scopes, ctx);
  tillReceiptEmailRoute(scopes, ctx);
}

async function tillStaff(ctx: AppContext, request: FastifyRequest) {
  const p = await requireStaff(ctx, request);
  return { accountId: p.accountId, username: p.username, admin: p.role === 'admin' };
}

const noStore = { 'cache-control': 'no-store' };

function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/till/catalogue', async (request, reply) => {
    await tillStaff(ctx, request);
    return reply.headers(noStore).send(await tillCatalogue(ctx.db, ctx.now()));
  });
  app.post('/api/till/sessions', async (request, reply) => {
    const actor = await tillStaff(ctx, request);
    const input = parseInput(openTillSessionSchema, request.body);
    return reply.status(201).send(await openTillSession({ db: ctx.db, input, actor, now: ctx.now() }));
  });
  app.get('/api/till/sessions/open', async (request, reply) => {
    await tillStaff(ctx, request);
    const { till } = parseInput(openSessionsQuerySchema, request.query);
    return reply.headers(noStore).send({ sessions: await openTillSessions(ctx.db, till) });
  });
  app.post('/api/till/sessions/:id/cash', async (request) => {
    const actor = await tillStaff(ctx, request);
    const { id } = parseInput(tillIdParamsSchema, request.params);
    const input = parseInput(cashMovementSchema, request.body);
    await moveCash({ db: ctx.db, sessionId: id, input, actor, now: ctx.now() });
    return zReport(ctx.db, id);
  });
  app.post('/api/till/sessions/:id/close', async (request) => {
    const actor = await tillStaff(ctx, request);
    const { id } = parseInput(tillIdParamsSchema, request.params);
    const input = parseInput(closeTillSessionSchema, request.body);
    await closeTillSession({ db: ctx.db, sessionId: id, input, actor, now: ctx.now() });
    return zReport(ctx.db, id);
  });
  // The session's sales, for its operator now or an admin (another till's takings are not another's to browse).
  app.get('/api/till/sessions/:id/sales', async (request, reply): Promise<SessionSalesResponse> => {
    const actor = await tillStaff(ctx, request);
    const { id } = parseInput(tillIdParamsSchema, request.params);
    await sessionOfYourTill(ctx.db, id, actor);
    return reply.headers(noStore).send({ sessionId: id, sales: await loadSessionSales(ctx.db, id) });
  });
  app.get('/api/till/sessions/:id/report', async (request, reply) => {
    await tillStaff(ctx, request);
    const { id } = parseInput(tillIdParamsSchema, request.params);
    return reply.headers(noStore).send(await zReport(ctx.db, id));
  });
}

function saleRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/till/sales', async (request, reply) => {
    const actor = await tillStaff(ctx, request);
    const input = parseInput(saleInputSchema, request.body);
    return reply.status(201).send(await createTillSale(ctx, input, actor));
  });
  app.get('/api/till/sales/:id', async (request, reply) => {
    await tillStaff(ctx, request);
    const { id } = parseInput(tillIdParamsSchema, request.params);
    return reply.headers(noStore).send(await loadSale(ctx.db, id));
  });
  app.post('/api/till/sales/:id/refund', async (request) => {
    const actor = await tillStaff(ctx, request);
    const { id } = parseInput(tillIdParamsSchema, request.params);
    const input = parseInput(refundInputSchema, request.body);
    return refundTillSale(ctx, id, input, actor);
  });
  app.post('/api/till/sales/:id/void', async (request) => {
    const actor = await tillStaff(ctx, request);
    const { id } = parseInput(tillIdParamsSchema, request.params);
    const { reason } = parseInput(voidSaleSchema, request.body ?? {});
    await voidTillSale(ctx, id, { actor, reason, anyStaff: actor.admin });
    return loadSale(ctx.db, id);
  });
}

function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.put('/api/admin/catalogue/shop-items', async (request) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const input = parseInput(shopItemsInputSchema, request.body);
    return { items: await putShopItems({ db: ctx.db, input, actor: admin.username }) };
  });
  app.patch('/api/admin/catalogue/menu-items/:id/till', async (request) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { id } = parseInput(menuItemIdParamsSchema, request.params);
    const input = parseInput(cafeItemTillInputSchema, request.body);
    await patchMenuItemTill({ db: ctx.db, id, input, actor: admin.username });
    return { ok: true };
  });
}
