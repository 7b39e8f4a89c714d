import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/support/server';
import { canRunPrivatePostgres, startPrivatePostgres } from './private-postgres';

const contact = (n: number) => ({ name: `Parent ${n}`, email: `p${n}@example.com`, inquiryType: 'general', message: `Message ${n}` });

/**
 * PostgreSQL restarted under load: requests during the outage fail with a clear 503, none is
 * half-written, and the server answers again when the database is back, without a restart.
 */
describe.runIf(canRunPrivatePostgres)('PostgreSQL restart', () => {
  let db: Awaited<ReturnType<typeof startPrivatePostgres>>;
  let server: RunningServer;
  beforeAll(async () => {
    db = await startPrivatePostgres();
    server = await startServer({ DATABASE_URL: db.url });
  });
  afterAll(async () => {
    await server?.stop();
    db?.destroy();
  });

  const post = (n: number) =>
    fetch(`${server.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(contact(n)) });

  it('answers 503 while the database is down and recovers by itself', async () => {
    let n = 0;
    let ok = 0;
    for (let i = 0; i < 5; i++) if ((await post(n++)).status === 201) ok++;
    expect(ok).toBe(5);

    db.stop();
    const during = await Promise.all(Array.from({ length: 10 }, () => post(n++)));
    for (const res of during) {
      expect(res.status).toBe(503);
      expect((await res.json()).error.message).toMatch(/unavailable/i);
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    db.start();
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      const res = await post(n++);
      if (res.status === 201) {
        ok++;
        recovered = true;
      } else await new Promise((r) => setTimeout(r, 200));
    }
    expect(recovered).toBe(true);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as c from inquiries');
    await client.end();
    expect(rows[0].c).toBe(ok);
  });
});
