import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { graphPost, startGraphStandIn, type GraphStandIn } from '../testing/graph-stand-in';
import { CACHE_MS, FAILURE_CACHE_MS, createLatestPostReader } from './fetch-latest-post';

const now = new Date('2026-03-14T12:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const hoursBefore = (n: number) => new Date(now.getTime() - n * 3_600_000);

/** A logger that keeps what was warned, so tests can see failures are logged. */
function recordingLog() {
  const warnings: unknown[][] = [];
  const noop = () => {};
  const log = {
    warn: (...args: unknown[]) => warnings.push(args),
    info: noop,
    error: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    child: () => log,
    level: 'warn',
    silent: noop,
  };
  return { log: log as unknown as FastifyBaseLogger, warnings };
}

describe('readLatestPost against a local Graph stand-in', () => {
  let graph: GraphStandIn;
  beforeAll(async () => {
    graph = await startGraphStandIn();
  });
  afterAll(() => graph.close());
  beforeEach(() => {
    graph.requests.length = 0;
  });

  const reader = (overrides: { timeoutMs?: number; pageId?: string; accessToken?: string } = {}) => {
    const rec = recordingLog();
    const read = createLatestPostReader(
      { pageId: 'page-123', accessToken: 'secret-token', baseUrl: graph.baseUrl, timeoutMs: 500, ...overrides },
      rec.log,
    );
    return { read, warnings: rec.warnings };
  };

  it('maps the newest post, asks for the right fields and ages it against now', async () => {
    graph.reply(
      200,
      graphPost({ message: 'Half-term hours are here!', created: hoursBefore(5), likes: 42, comments: 7, shares: 3 }),
    );
    const { read } = reader();
    const result = await read(now);
    expect(result).toEqual({
      success: true,
      hasCredentials: true,
      post: { text: 'Half-term hours are here!', timeAgo: '5h ago', likes: 42, comments: 7, shares: 3 },
    });
    expect(graph.requests).toHaveLength(1);
    const url = graph.requests[0]!;
    expect(url.pathname).toBe('/v19.0/page-123/posts');
    expect(url.searchParams.get('access_token')).toBe('secret-token');
    expect(url.searchParams.get('limit')).toBe('1');
    expect(url.searchParams.get('fields')).toContain('created_time');
  });

  it.each([
    [30 / 60, 'Just now'],
    [23, '23h ago'],
    [24 * 3 + 2, '3d ago'],
  ])('reads a post %d hours old as %s', async (hours, expected) => {
    graph.reply(200, graphPost({ message: 'x', created: hoursBefore(hours), likes: 0, comments: 0, shares: 0 }));
    const result = await reader().read(now);
    expect(result.post?.timeAgo).toBe(expected);
  });

  it('answers success false quickly and logs when Graph returns an error', async () => {
    graph.reply(400, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    const { read, warnings } = reader();
    const started = performance.now();
    const result = await read(now);
    expect(performance.now() - started).toBeLessThan(500);
    expect(result).toEqual({ success: false, hasCredentials: true, message: 'Latest post unavailable' });
    expect(JSON.stringify(warnings)).toContain('Graph API answered 400');
    expect(JSON.stringify(warnings)).not.toContain('secret-token');
  });

  it('gives up on a slow reply within the timeout', async () => {
    graph.setHandler((_req, res) => {
      const timer = setTimeout(
        () => res.end(JSON.stringify(graphPost({ message: 'late', created: now, likes: 0, comments: 0, shares: 0 }))),
        3000,
      );
      res.on('close', () => clearTimeout(timer));
    });
    const { read, warnings } = reader({ timeoutMs: 200 });
    const started = performance.now();
    const result = await read(now);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(1000);
    expect(result.success).toBe(false);
    expect(result.hasCredentials).toBe(true);
    expect(JSON.stringify(warnings)).toMatch(/TimeoutError/);
  });

  it('gives up on a reply whose body stalls after the headers', async () => {
    graph.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
    });
    const started = performance.now();
    const result = await reader({ timeoutMs: 200 }).read(now);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.success).toBe(false);
  });

  it('refuses a malformed answer instead of showing it', async () => {
    graph.reply(200, { data: 'not a list' });
    expect((await reader().read(now)).success).toBe(false);
  });

  it('says when the page has no posts yet', async () => {
    graph.reply(200, { data: [] });
    expect(await reader().read(now)).toEqual({ success: false, hasCredentials: true, message: 'No posts yet' });
  });

  it.each([
    ['no page id', { pageId: undefined }],
    ['no token', { accessToken: undefined }],
  ])('answers hasCredentials false with %s and never calls Graph', async (_label, overrides) => {
    const result = await reader(overrides).read(now);
    expect(result).toEqual({ success: false, hasCredentials: false });
    expect(graph.requests).toHaveLength(0);
  });

  it('keeps a post for 5 minutes, still ageing it, then fetches again', async () => {
    graph.reply(
      200,
      graphPost({
        message: 'cached',
        created: new Date(now.getTime() - 23 * 3_600_000 - 58 * 60_000),
        likes: 1,
        comments: 0,
        shares: 0,
      }),
    );
    const { read } = reader();
    expect((await read(now)).post?.timeAgo).toBe('23h ago');
    graph.reply(200, graphPost({ message: 'newer', created: minutes(4), likes: 0, comments: 0, shares: 0 }));
    const within = await read(minutes(4));
    expect(graph.requests).toHaveLength(1);
    expect(within.post).toMatchObject({ text: 'cached', timeAgo: '1d ago' });
    expect((await read(new Date(now.getTime() + CACHE_MS - 1))).post?.text).toBe('cached');
    expect(graph.requests).toHaveLength(1);
    const after = await read(new Date(now.getTime() + CACHE_MS));
    expect(graph.requests).toHaveLength(2);
    expect(after.post?.text).toBe('newer');
  });

  it('remembers a failure briefly, then tries again', async () => {
    graph.reply(500, { error: { message: 'boom' } });
    const { read } = reader();
    await read(now);
    await read(new Date(now.getTime() + FAILURE_CACHE_MS - 1));
    expect(graph.requests).toHaveLength(1);
    graph.reply(200, graphPost({ message: 'back', created: now, likes: 0, comments: 0, shares: 0 }));
    const result = await read(new Date(now.getTime() + FAILURE_CACHE_MS));
    expect(graph.requests).toHaveLength(2);
    expect(result.post?.text).toBe('back');
  });

  it('shares one fetch between concurrent requests', async () => {
    graph.setHandler((_req, res) => {
      setTimeout(
        () => res.end(JSON.stringify(graphPost({ message: 'one', created: now, likes: 0, comments: 0, shares: 0 }))),
        50,
      );
    });
    const { read } = reader();
    const results = await Promise.all([read(now), read(now), read(now)]);
    expect(graph.requests).toHaveLength(1);
    expect(results.map((r) => r.post?.text)).toEqual(['one', 'one', 'one']);
  });
});
