import type { DashboardStatsResponse } from '../../shared/contracts/admin';
import type { OverviewChartsResponse } from '../../shared/contracts/overview-charts';
import type { AppContext } from '../context';
import type { RouteScopes } from '../http/route-scopes';
import { requireStaff } from '../staff/require-staff';
import { getOverviewCharts } from './charts';
import { getDashboardStats } from './dashboard-stats';
import { getLastBackup } from './last-backup';

/** The staff dashboard's figures for today and this week, and its charts. Staff only; no extra rate limit (signed in, small answer). */
export function overviewRoutes({ staffApp: app }: RouteScopes, ctx: AppContext): void {
  app.get('/api/admin/dashboard-stats', async (request, reply): Promise<DashboardStatsResponse> => {
    const staff = await requireStaff(ctx, request);
    // Customer data: never kept by a browser or proxy cache.
    void reply.header('cache-control', 'no-store');
    const now = ctx.now();
    return {
      ...(await getDashboardStats({ db: ctx.db, now })),
      backup: await getLastBackup({ db: ctx.db, now, isAdmin: staff.role === 'admin' }),
    };
  });

  // The Overview tab's charts (issue 17): the same staff as the figures above them.
  app.get('/api/admin/overview/charts', async (request, reply): Promise<OverviewChartsResponse> => {
    await requireStaff(ctx, request);
    void reply.header('cache-control', 'no-store');
    return getOverviewCharts({ db: ctx.db, now: ctx.now() });
  });
}
