import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { latestPostResponseSchema } from '../../shared/contracts/social';
import { siteConfigResponseSchema } from '../../shared/contracts/site';
import { graphPost, startGraphStandIn, type GraphStandIn } from '../testing/graph-stand-in';
import { openTestApp } from '../testing/test-app';

const now = new Date('2026-03-14T12:00:00Z');

describe('GET /api/facebook/latest and /api/site-config through the app', () => {
  let graph: GraphStandIn;
  let apps: Awaited<ReturnType<typeof openTestApp>>[] = [];
  beforeAll(async () => {
    graph = await startGraphStandIn();
  });
  afterEach(async () => {
    await Promise.all(apps.map((a) => a.close()));
    apps = [];
    graph.requests.length = 0;
  });
  afterAll(() => graph.close());

  const open = async (config: NonNullable<Parameters<typeof openTestApp>[1]>['config']) => {
    const t = await openTestApp('pglite', { config, now: () => now });
    apps.push(t);
    return t;
  };
  const withGraph = () => ({
    FACEBOOK_PAGE_ID: 'page-123',
    FACEBOOK_ACCESS_TOKEN: 'token',
    FACEBOOK_GRAPH_URL: graph.baseUrl,
    FACEBOOK_TIMEOUT_MS: '300',
  });

  it('serves the latest post in the shared contract shape, uncached by browsers', async () => {
    graph.reply(
      200,
      graphPost({
        message: 'Open all week!',
        created: new Date(now.getTime() - 2 * 86_400_000),
        likes: 9,
        comments: 2,
        shares: 1,
      }),
    );
    const t = await open(withGraph());
    const res = await t.app.inject({ method: 'GET', url: '/api/facebook/latest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = latestPostResponseSchema.parse(res.json());
    expect(body).toEqual({
      success: true,
      hasCredentials: true,
      post: { text: 'Open all week!', timeAgo: '2d ago', likes: 9, comments: 2, shares: 1 },
    });
    await t.app.inject({ method: 'GET', url: '/api/facebook/latest' });
    expect(graph.requests).toHaveLength(1);
  });

  it('answers 200 success false, never a 500, when Graph fails or is slow', async () => {
    graph.reply(500, { error: { message: 'Service temporarily unavailable' } });
    const t = await open(withGraph());
    const res = await t.app.inject({ method: 'GET', url: '/api/facebook/latest' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, hasCredentials: true });

    graph.setHandler(() => {}); // never answers
    const slow = await open(withGraph());
    const started = performance.now();
    const late = await slow.app.inject({ method: 'GET', url: '/api/facebook/latest' });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(late.statusCode).toBe(200);
    expect(late.json().success).toBe(false);
  });

  it('answers hasCredentials false without the page id and token', async () => {
    const t = await open({});
    const res = await t.app.inject({ method: 'GET', url: '/api/facebook/latest' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, hasCredentials: false });
    expect(graph.requests).toHaveLength(0);
  });

  it('tells the browser the public URL, or null so it uses its own origin', async () => {
    const configured = await open({ PUBLIC_URL: 'https://www.playtimebarn.co.uk/' });
    const res = await configured.app.inject({ method: 'GET', url: '/api/site-config' });
    expect(res.statusCode).toBe(200);
    expect(siteConfigResponseSchema.parse(res.json())).toEqual({ publicUrl: 'https://www.playtimebarn.co.uk' });
    const unset = await open({});
    expect((await unset.app.inject({ method: 'GET', url: '/api/site-config' })).json()).toEqual({ publicUrl: null });
  });
});
