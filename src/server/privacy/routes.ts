import type { FastifyInstance } from 'fastify';
import { dataRequestSchema, type DataErasureResponse } from '../../shared/contracts/privacy';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { eraseData } from './erase-data';
import { exportData } from './export-data';

/**
 * Data requests (DECISIONS.md "Data rights and retention"): an admin exports or erases what is held about
 * an e-mail address. POST with the address in the body, not the URL, so it stays out of logs and history.
 * The retention job is started in app.ts (privacy/retention-job.ts).
 */
export function privacyRoutes({ staffApp }: RouteScopes, ctx: AppContext): void {
  staffRoutes(staffApp, ctx);
}

function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/admin/privacy/export', async (request, reply) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { email } = parseInput(dataRequestSchema, request.body);
    const file = await exportData({ db: ctx.db, email, actor: actorOf(admin), now: ctx.now() });
    const day = file.exportedAt.slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="play-time-barn-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(file, null, 2));
  });

  app.post('/api/admin/privacy/erase', async (request, reply): Promise<DataErasureResponse> => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { email } = parseInput(dataRequestSchema, request.body);
    void reply.header('cache-control', 'no-store');
    return eraseData({ db: ctx.db, email, actor: actorOf(admin), now: ctx.now() });
  });
}
