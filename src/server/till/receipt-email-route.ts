import { receiptEmailSchema, tillIdParamsSchema, type ReceiptEmailResponse } from '../../shared/contracts/till';
import { enforceRateLimit, type RateLimitRule } from '../abuse/rate-limit';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { AppContext } from '../context';
import { AppError, parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { enqueueMail } from '../mail/enqueue-mail';
import { requireStaff } from '../staff/require-staff';
import { tillReceiptMail } from './receipt-mail';
import { saleOfYourTill } from './sale-access';
import { loadSale } from './sale-view';

/** Like every mail a request sends: a handful per till device, and a few per sale (a typo corrected, once more). */
export const receiptEmailLimits = {
  perClient: { name: 'till-receipt-email', max: 30, windowSeconds: 600 },
  perSale: { name: 'till-receipt-email-sale', max: 5, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/**
 * POST /api/till/sales/:id/receipt-email (issue 48): a paid sale's VAT receipt e-mailed to the address the
 * customer gives, through the outbox and the mail worker (nodemailer). For the operator of the sale's till now,
 * or an admin; another member of staff is 403, an unpaid sale 409 sale_not_paid. The same address twice within
 * a minute (a double tap) is one mail.
 */
export function tillReceiptEmailRoute({ staffApp: app }: RouteScopes, ctx: AppContext): void {
  app.post('/api/till/sales/:id/receipt-email', async (request): Promise<ReceiptEmailResponse> => {
    const p = await requireStaff(ctx, request);
    await enforceRateLimit(ctx, request, receiptEmailLimits.perClient);
    const { id } = parseInput(tillIdParamsSchema, request.params);
    const { email } = parseInput(receiptEmailSchema, request.body);
    const { sale } = await saleOfYourTill(ctx.db, id, {
      accountId: p.accountId,
      username: p.username,
      admin: p.role === 'admin',
    });
    if (sale.status !== 'paid')
      throw new AppError('sale_not_paid', 'This sale is not paid, so it has no receipt to send.');
    await enforceRateLimit(ctx, request, receiptEmailLimits.perSale, sale.id);
    const now = ctx.now();
    const [view, { venue }] = await Promise.all([loadSale(ctx.db, sale.id), publicCatalogue(ctx.db, now)]);
    const minute = Math.floor(now.getTime() / 60_000);
    await enqueueMail(
      ctx.db,
      tillReceiptMail(view, {
        to: email,
        venue,
        dedupeKey: `till-receipt:${sale.id}:${email.toLowerCase()}:${minute}`,
      }),
    );
    ctx.wakeMailer();
    request.log.info({ saleNumber: sale.number, staff: p.username }, 'till receipt e-mailed');
    return { sent: true, to: email };
  });
}
