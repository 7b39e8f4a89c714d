import type { SiteConfigResponse } from '../../shared/contracts/site';
import type { AppContext } from '../context';
import type { RouteScopes } from '../http/route-scopes';

/** The site's public address for links the browser prints or encodes (menu QR codes). */
export function siteRoutes({ publicApp: app }: RouteScopes, ctx: AppContext): void {
  const body: SiteConfigResponse = {
    publicUrl: ctx.config.PUBLIC_URL ? ctx.config.PUBLIC_URL.replace(/\/+$/, '') : null,
  };
  app.get('/api/site-config', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return body;
  });
}
