import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutboxResponse } from '../../shared/contracts/admin-outbox';
import type { AppContext } from '../context';
import type { RouteScopes } from '../http/route-scopes';
import { requireStaff } from '../staff/require-staff';
import { listOutbox } from './outbox-list';

/** The staff dashboard's Mail tab: what the outbox holds and whether SMTP is set up. Staff only. */
export function mailRoutes({ staffApp: app }: RouteScopes, ctx: AppContext): void {
  // Mails hold personal data: never kept by the browser's cache or a proxy.
  const noStore = {
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
  };

  app.get('/api/admin/outbox', noStore, async (request): Promise<OutboxResponse> => {
    await requireStaff(ctx, request);
    return { mails: await listOutbox({ db: ctx.db }), smtpConfigured: Boolean(ctx.config.SMTP_URL) };
  });
}
