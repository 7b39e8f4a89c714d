import type { AppContext } from '../context';
import type { RouteScopes } from '../http/route-scopes';
import { createLatestPostReader } from './fetch-latest-post';

export function socialRoutes({ publicApp: app }: RouteScopes, ctx: AppContext): void {
  const readLatestPost = createLatestPostReader(
    {
      pageId: ctx.config.FACEBOOK_PAGE_ID,
      accessToken: ctx.config.FACEBOOK_ACCESS_TOKEN,
      baseUrl: ctx.config.FACEBOOK_GRAPH_URL,
      timeoutMs: ctx.config.FACEBOOK_TIMEOUT_MS,
    },
    app.log,
  );
  app.get('/api/facebook/latest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readLatestPost(ctx.now());
  });
}
