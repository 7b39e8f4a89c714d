import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../tests/e2e/support/server';

/** The real server at LOG_LEVEL=info, as in production: what its request log holds. */
describe('request log', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ LOG_LEVEL: 'info' });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  const lines = () =>
    server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map(
        (l) =>
          JSON.parse(l) as { msg: string; req?: { url: string }; res?: { statusCode: number }; responseTime?: number },
      );

  it('writes one line per failed request, none for a successful one, with e-mails masked', async () => {
    const before = lines().length;
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/ticket-types`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/no-such-thing?email=jo.bloggs@example.com`)).status).toBe(404);
    await new Promise((r) => setTimeout(r, 300)); // the child's stdout reaches us asynchronously
    const logged = lines().slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 404 } });
    expect(logged[0]!.req!.url).toContain('/api/no-such-thing?email=');
    expect(server.output()).not.toContain('jo.bloggs@example.com');
    expect(typeof logged[0]!.responseTime).toBe('number');
  });
});
