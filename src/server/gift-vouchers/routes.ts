import type { FastifyInstance } from 'fastify';
import {
  giftVoucherCodeParamsSchema,
  giftVoucherExtendSchema,
  giftVoucherPrintQuerySchema,
  giftVoucherPurchaseSchema,
  giftVoucherReissueSchema,
  giftVoucherVoidSchema,
  staffGiftVoucherIdParamsSchema,
  staffGiftVoucherQuerySchema,
} from '../../shared/contracts/gift-vouchers';
import { enforceRateLimit, pendingPaymentClient } from '../abuse/rate-limit';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { paymentDeps } from '../payments/payment-deps';
import { writeAudit } from '../staff/audit';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { buyGiftVoucher } from './buy-gift-voucher';
import { normaliseVoucherCode } from './gift-voucher-code';
import { codeBucketKey, giftVoucherLimits } from './gift-voucher-limits';
import { giftVoucherLiability, liabilityCsv } from './liability-report';
import { lookupGiftVoucher, printGiftVoucher } from './lookup-gift-voucher';
import {
  extendGiftVoucher,
  giftVoucherDetail,
  listGiftVouchers,
  reissueGiftVoucher,
  voidGiftVoucher,
} from './staff-gift-vouchers';

/** Gift vouchers (issue 29): buying one and checking a code in public; the staff tab's look-ups and actions. */
export function giftVoucherRoutes({ publicApp, staffApp }: RouteScopes, ctx: AppContext): void {
  publicRoutes(publicApp, ctx);
  staffRoutes(staffApp, ctx);
}

function publicRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/gift-vouchers', async (request, reply) => {
    await enforceRateLimit(ctx, request, giftVoucherLimits.buyPerClient);
    const input = parseInput(giftVoucherPurchaseSchema, request.body);
    const result = await buyGiftVoucher({
      ...paymentDeps(ctx, request.log),
      input,
      now: ctx.now(),
      client: pendingPaymentClient(ctx, request),
    });
    return reply.status(201).send(result);
  });

  // Registered before /:code; Fastify prefers the static path anyway.
  app.get('/api/gift-vouchers/print', async (request, reply) => {
    await enforceRateLimit(ctx, request, giftVoucherLimits.printPerClient);
    const { token } = parseInput(giftVoucherPrintQuerySchema, request.query);
    reply.header('cache-control', 'no-store');
    return printGiftVoucher(ctx.db, token, ctx.now());
  });

  app.get('/api/gift-vouchers/:code', async (request, reply) => {
    const { code } = parseInput(giftVoucherCodeParamsSchema, request.params);
    await enforceRateLimit(ctx, request, giftVoucherLimits.checkPerClient);
    await enforceRateLimit(ctx, request, giftVoucherLimits.checkPerCode, codeBucketKey(code));
    reply.header('cache-control', 'no-store');
    return lookupGiftVoucher(ctx.db, code, ctx.now());
  });
}

function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/admin/gift-vouchers', async (request, reply) => {
    const staff = await requireStaff(ctx, request);
    const { q } = parseInput(staffGiftVoucherQuerySchema, request.query);
    const vouchers = await listGiftVouchers(ctx.db, q, ctx.now());
    // A look-up by whole code is audited (who looked, which voucher); lists and searches are not.
    if (q && normaliseVoucherCode(q))
      await writeAudit(ctx.db, {
        actor: actorOf(staff),
        action: 'gift_voucher.lookup',
        subjectType: 'gift_voucher',
        subjectId: vouchers[0]?.id ?? 'none',
        details: { found: vouchers.length > 0 },
      });
    reply.header('cache-control', 'no-store');
    return { vouchers };
  });

  // Finance: the liability report (admins), as JSON for the page and as CSV; taking the CSV is audited.
  app.get('/api/admin/gift-vouchers/liability', async (request, reply) => {
    await requireStaff(ctx, request, { role: 'admin' });
    reply.header('cache-control', 'no-store');
    return giftVoucherLiability(ctx.db, ctx.now());
  });

  app.get('/api/admin/gift-vouchers/liability.csv', async (request, reply) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const report = await giftVoucherLiability(ctx.db, ctx.now());
    await writeAudit(ctx.db, {
      actor: actorOf(admin),
      action: 'export.csv',
      subjectType: 'export',
      subjectId: 'gift-voucher-liability',
    });
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="play-time-barn-gift-voucher-liability.csv"')
      .type('text/csv; charset=utf-8')
      .send(liabilityCsv(report));
  });

  app.get('/api/admin/gift-vouchers/:id', async (request, reply) => {
    await requireStaff(ctx, request);
    const { id } = parseInput(staffGiftVoucherIdParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    return giftVoucherDetail(ctx.db, id, ctx.now());
  });

  app.post('/api/admin/gift-vouchers/:id/extend', async (request) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { id } = parseInput(staffGiftVoucherIdParamsSchema, request.params);
    const input = parseInput(giftVoucherExtendSchema, request.body);
    await extendGiftVoucher(ctx.db, { id, input, actor: actorOf(admin), now: ctx.now() });
    return giftVoucherDetail(ctx.db, id, ctx.now());
  });

  app.post('/api/admin/gift-vouchers/:id/void', async (request) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { id } = parseInput(staffGiftVoucherIdParamsSchema, request.params);
    const { reason } = parseInput(giftVoucherVoidSchema, request.body);
    await voidGiftVoucher(ctx.db, { id, reason, actor: actorOf(admin), now: ctx.now() });
    return giftVoucherDetail(ctx.db, id, ctx.now());
  });

  app.post('/api/admin/gift-vouchers/:id/reissue', async (request) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { id } = parseInput(staffGiftVoucherIdParamsSchema, request.params);
    const { reason } = parseInput(giftVoucherReissueSchema, request.body);
    const { venue } = await publicCatalogue(ctx.db, ctx.now());
    const created = await reissueGiftVoucher(ctx.db, {
      id,
      reason,
      actor: actorOf(admin),
      now: ctx.now(),
      publicUrl: publicUrlOf(ctx),
      venue,
    });
    ctx.wakeMailer();
    return giftVoucherDetail(ctx.db, created.id, ctx.now());
  });
}
