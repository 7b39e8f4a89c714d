import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type RunningServer } from '../e2e/support/server';

/** SIGTERM: a request in flight finishes; new ones are refused; the process exits cleanly. */
describe('graceful shutdown', () => {
  let graph: http.Server;
  let server: RunningServer;
  beforeAll(async () => {
    // A Graph API stand-in that takes 1.5 s, so a request is surely in flight at SIGTERM.
    const port = await freePort();
    graph = http.createServer((_req, res) => {
      setTimeout(
        () => res.end(JSON.stringify({ data: [{ message: 'Slow hello', created_time: new Date().toISOString() }] })),
        1500,
      );
    });
    await new Promise<void>((r) => graph.listen(port, '127.0.0.1', r));
    server = await startServer({
      FACEBOOK_PAGE_ID: 'p',
      FACEBOOK_ACCESS_TOKEN: 't',
      FACEBOOK_GRAPH_URL: `http://127.0.0.1:${port}`,
      FACEBOOK_TIMEOUT_MS: '5000',
    });
  });
  afterAll(async () => {
    await server?.stop();
    graph?.close();
  });

  it('finishes in-flight requests and refuses new ones', async () => {
    const inFlight = fetch(`${server.url}/api/facebook/latest`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await new Promise((r) => setTimeout(r, 300));
    const exited = server.signal('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    const done = await inFlight;
    expect(done.status).toBe(200);
    expect(done.body.post.text).toBe('Slow hello');
    expect(await exited).toBe(0);
  });
});
