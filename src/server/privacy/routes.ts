import { normaliseFamilyEmail } from '../../shared/contracts/family';
import type { FastifyInstance } from 'fastify';
import {
  dataRequestSchema,
  type DataErasureResult,
  type DataExportFileResult,
  type RetentionPeriodsResponse,
} from '../../shared/contracts/privacy';
import type { RetentionPeriods } from '../../shared/retention';
import type { AppContext } from '../context';
import { parseInput } from '../http/errors';
import type { RouteScopes } from '../http/route-scopes';
import { requireStaff } from '../staff/require-staff';
import { actorOf } from '../staff/staff-sessions';
import { endMembershipsForErasure } from '../memberships/membership-privacy';
import { paymentDeps } from '../payments/payment-deps';
import { eraseData } from './erase-data';
import { exportData } from './export-data';

/**
 * Data requests (DECISIONS.md "Data rights and retention"): an admin exports or erases what is held about
 * an e-mail address. POST with the address in the body, not the URL, so it stays out of logs and history.
 * The retention job is started in app.ts (privacy/retention-job.ts).
 */
export function privacyRoutes({ publicApp, staffApp }: RouteScopes, ctx: AppContext): void {
  publicRoutes(publicApp, ctx);
  staffRoutes(staffApp, ctx);
}

/**
 * The periods this server's retention job applies (its RETAIN_* settings), for /privacy to state: the page
 * must tell families the periods in force, not the defaults in shared/retention.ts.
 */
function publicRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = ctx.config;
  const periods: RetentionPeriods = {
    bookingsMonths: c.RETAIN_BOOKINGS_MONTHS,
    enquiriesMonths: c.RETAIN_ENQUIRIES_MONTHS,
    platesDays: c.RETAIN_PLATES_DAYS,
    holdsDays: c.RETAIN_HOLDS_DAYS,
    mailBodiesDays: c.RETAIN_MAIL_BODIES_DAYS,
  };
  app.get('/api/privacy/retention', async (_request, reply): Promise<RetentionPeriodsResponse> => {
    // Settings are read once at start, so a few minutes of caching never shows a period no longer in force
    // for longer than a restart takes to reach every browser.
    reply.header('cache-control', 'public, max-age=300');
    return periods;
  });
}

function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/admin/privacy/export', async (request, reply) => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { email } = parseInput(dataRequestSchema, request.body);
    const file: DataExportFileResult = await exportData({ db: ctx.db, email, actor: actorOf(admin), now: ctx.now() });
    const day = file.exportedAt.slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="play-time-barn-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(file, null, 2));
  });

  app.post('/api/admin/privacy/erase', async (request, reply): Promise<DataErasureResult> => {
    const admin = await requireStaff(ctx, request, { role: 'admin' });
    const { email } = parseInput(dataRequestSchema, request.body);
    void reply.header('cache-control', 'no-store');
    // A live membership ends first, its Stripe subscription cancelled (Stripe is not called inside the erasure).
    await endMembershipsForErasure({
      ...paymentDeps(ctx, request.log),
      email: normaliseFamilyEmail(email),
      now: ctx.now(),
    });
    return eraseData({ db: ctx.db, email, actor: actorOf(admin), now: ctx.now() });
  });
}
