import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../tests/e2e/support/server';
import { SLOW_REQUEST_MS } from './request-log';

/** The real server at LOG_LEVEL=info, as in production: what its request log holds. */
describe('request log', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Node refuses request heads over 16 KB by default; a larger limit lets a 100 KB URL reach the log.
    server = await startServer({
      LOG_LEVEL: 'info',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-http-header-size=262144`.trim(),
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  const settle = () => new Promise((r) => setTimeout(r, 300));
  const lines = () =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map(
        (l) =>
          JSON.parse(l) as {
            msg: string;
            req?: { url: string; remoteAddress: string };
            res?: { statusCode: number };
            responseTime?: number;
          },
      );

  it('writes one line per failed request, none for a successful one, with e-mails masked', async () => {
    const before = lines().length;
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/ticket-types`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/no-such-thing?email=jo.bloggs@example.com`)).status).toBe(404);
    // The child's stdout reaches us asynchronously; wait for the 404's line.
    for (
      let i = 0;
      i < 50 &&
      !lines()
        .slice(before)
        .some((l) => l.res?.statusCode === 404);
      i++
    )
      await settle();
    // A successful request is logged only when slow (a loaded CI machine can make the first one slow).
    const logged = lines()
      .slice(before)
      .filter((l) => (l.res?.statusCode ?? 0) >= 400 || (l.responseTime ?? 0) < SLOW_REQUEST_MS);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 404 } });
    expect(logged[0]!.req!.url).toContain('/api/no-such-thing?email=');
    expect(server.output()).not.toContain('jo.bloggs@example.com');
    expect(typeof logged[0]!.responseTime).toBe('number');
  });

  it('writes the line for hostile 100 KB URLs at once, cut short, e-mails masked', async () => {
    const hostile = [
      '/api/' + 'a'.repeat(100_000) + '@',
      '/api/' + '@.'.repeat(50_000),
      '/api/x?' + 'jo@example.com&'.repeat(7_000),
      '/' + 'a%40'.repeat(25_000),
    ];
    for (const url of hostile) {
      const before = lines().length;
      const started = performance.now();
      const res = await fetch(`${server.url}${url}`);
      const ms = performance.now() - started;
      expect(res.status).toBeGreaterThanOrEqual(400);
      // The regex this replaced held the event loop ~0.5 s for 15 KB, and grew with the square of the length.
      expect(ms).toBeLessThan(1000);
      await settle();
      const logged = lines().slice(before);
      expect(logged, url.slice(0, 30)).toHaveLength(1);
      expect(logged[0]!.req!.url.length).toBeLessThan(17_000);
      expect(logged[0]!.req!.url).toMatch(/more characters\]$/);
    }
    expect(server.output()).not.toContain('jo@example.com');
  }, 60_000);

  it('writes the line for a URL whose percent-encoding the decoder rejects, the address still masked', async () => {
    const before = lines().length;
    // Before: the masking's decodeURIComponent threw inside the log serializer, and the line was lost.
    const res = await fetch(`${server.url}/api/no-such-thing?email=jo.bloggs%E0%A4%A%40example.com`);
    expect(res.status).toBe(404);
    await settle();
    const logged = lines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.req!.url).toBe('/api/no-such-thing?email=j•••@e•••.com');
    expect(server.output()).not.toContain('jo.bloggs');
  });

  it('logs the connection address, not one a client wrote in X-Forwarded-For', async () => {
    const before = lines().length;
    await fetch(`${server.url}/api/no-such-thing`, { headers: { 'x-forwarded-for': '198.51.100.66' } });
    await settle();
    const logged = lines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.req!.remoteAddress).toBe('127.0.0.1');
    expect(server.output()).not.toContain('198.51.100.66');
  });
});
