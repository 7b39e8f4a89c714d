import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/support/server';
import { canRunPrivatePostgres, startPrivatePostgres } from './private-postgres';

const contact = (n: number) => ({
  name: `Parent ${n}`,
  email: `p${n}@example.com`,
  inquiryType: 'general',
  message: `Message ${n}`,
});
const WORKERS = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL restarted under load: eight clients keep sending contact enquiries (each one inquiry row
 * and two mails, in one transaction) while the database is stopped (fast: open sessions are cut) and
 * started again. Every answer is a 201 or a clear 503, the server answers again by itself, and no
 * enquiry is half-written. Only a request in flight at the moment of the stop may have committed
 * without hearing so (the connection died between commit and reply); nothing else is stored.
 */
describe.runIf(canRunPrivatePostgres)('PostgreSQL restart under load', () => {
  let db: Awaited<ReturnType<typeof startPrivatePostgres>>;
  let server: RunningServer;
  beforeAll(async () => {
    db = await startPrivatePostgres();
    server = await startServer({ DATABASE_URL: db.url, RATE_LIMITS: 'off' });
  });
  afterAll(async () => {
    await server?.stop();
    db?.destroy();
  });

  it('answers 503 while the database is down, recovers by itself, and half-writes nothing', async () => {
    type Sent = { status: number; message?: string; sentBeforeStop: boolean; answeredAfterStart: boolean };
    const sent: Sent[] = [];
    let phase: 'up' | 'stopping' | 'down' | 'restarted' = 'up';
    let n = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        const sentBeforeStop = phase === 'up';
        // A failed fetch (status 0) means the server process itself went down.
        const res = await fetch(`${server.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(contact(n++)),
        }).catch(() => null);
        const body = res ? await res.json() : {};
        sent.push({
          status: res?.status ?? 0,
          message: body.error?.message,
          sentBeforeStop,
          answeredAfterStart: phase === 'restarted',
        });
        if (res?.status !== 201) await sleep(20);
      }
    };
    const workers = Array.from({ length: WORKERS }, worker);

    await sleep(1000);
    phase = 'stopping';
    await db.stop();
    phase = 'down';
    await sleep(1000);
    const ready = await fetch(`${server.url}/readyz`).catch(() => null);
    expect(ready?.status, `the server went down:\n${server.output().slice(-3000)}`).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await db.start();
    phase = 'restarted';
    for (let i = 0; i < 100 && sent.filter((s) => s.answeredAfterStart && s.status === 201).length < 20; i++)
      await sleep(100);
    running = false;
    await Promise.all(workers);

    const statuses = [...new Set(sent.map((s) => s.status))].sort();
    // On failure: the server's errors (level 50) and anything it printed that is not a log line (a crash).
    const serverErrors = () =>
      server
        .output()
        .split('\n')
        .filter((l) => !l.startsWith('{') || l.includes('"level":50'))
        .join('\n')
        .slice(-4000);
    expect(statuses, statuses.length === 2 ? '' : serverErrors()).toEqual([201, 503]);
    for (const s of sent.filter((x) => x.status === 503)) expect(s.message).toMatch(/briefly unavailable/i);
    expect(sent.filter((s) => s.answeredAfterStart && s.status === 201).length).toBeGreaterThanOrEqual(20);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query(`select count(*)::int as inquiries,
        count(*) filter (where (select count(*) from outbox o where o.dedupe_key in ('contact-ack:' || i.id, 'contact-staff:' || i.id)) <> 2)::int as half_written
      from inquiries i`);
    await client.end();
    const created = sent.filter((s) => s.status === 201).length;
    const cutAtStop = sent.filter((s) => s.status === 503 && s.sentBeforeStop).length;
    console.log(
      `postgres restart: ${sent.length} requests, ${created} stored, ${sent.length - created} answered 503, ${cutAtStop} cut at the stop; ${rows[0].inquiries} rows`,
    );
    expect(rows[0].half_written).toBe(0);
    expect(rows[0].inquiries).toBeGreaterThanOrEqual(created);
    expect(rows[0].inquiries).toBeLessThanOrEqual(created + cutAtStop);
  }, 60_000);
});
