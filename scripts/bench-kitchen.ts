/**
 * `npm run bench:kitchen` (issue 49): 200 table orders paid through one server while a kitchen screen listens
 * on another, both on one PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else a local
 * postgres://postgres@127.0.0.1:5432/postgres): the time from each payment's confirmation to its card on the
 * kitchen stream (aim: p95 under 1 s), then the menu route's requests a second. The two servers are two app
 * instances in this process, each with its own pool and its own LISTEN (as two processes have); a fresh
 * database is made for the run and dropped after.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { seedVenue } from '../src/server/catalogue/seed-venue';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createStaffAccount } from '../src/server/staff/create-staff-account';
import { cookieFrom } from '../src/server/testing/staff-fixtures';
import { openStream } from '../src/server/cafe-orders/testing/cafe-fixtures';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 8);
const MENU_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// The venue is open (09:30 to 16:00 London) at this instant, whatever the day the bench runs.
const OPEN = new Date('2026-06-10T10:00:00Z');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function main() {
  const name = `bench_kitchen_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const first = await openDatabase({ databaseUrl: url.toString() });
  const second = await openDatabase({ databaseUrl: url.toString() });
  await seedVenue(first.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMITS: 'off' });
  const start = async (db: typeof first.db) => {
    const { app } = await buildApp({ db, config, now: () => OPEN, webRoot: '/nonexistent' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  };
  const a = await start(first.db);
  const b = await start(second.db);
  try {
    const signIn = async (role: 'admin' | 'staff') => {
      const username = `${role}-${randomBytes(3).toString('hex')}`;
      const password = 'correct horse battery';
      await createStaffAccount(first.db, { username, displayName: username, role, password });
      const res = await a.app.inject({ method: 'POST', url: '/api/staff/sign-in', payload: { username, password } });
      return cookieFrom(res.headers['set-cookie']);
    };
    const adminCookie = await signIn('admin');
    const tables = await a.app.inject({
      method: 'PUT',
      url: '/api/admin/cafe/tables',
      headers: { cookie: adminCookie },
      payload: { tables: [{ number: 12, name: 'Table 12' }] },
    });
    const token = (tables.json() as { tables: { token: string }[] }).tables[0]!.token;
    const kitchen = await b.app.inject({
      method: 'POST',
      url: '/api/staff/kitchen-mode',
      headers: { cookie: await signIn('staff') },
      payload: { label: 'Bench kitchen' },
    });
    const kitchenCookie = cookieFrom(kitchen.headers['set-cookie']);
    const board = await b.app.inject({ method: 'GET', url: '/api/kitchen/orders', headers: { cookie: kitchenCookie } });
    const { lastEventId } = board.json() as { lastEventId: number };

    const arrived = new Map<string, number>();
    const stream = await openStream(`${b.base}/api/kitchen/stream?lastEventId=${lastEventId}`, {
      cookie: kitchenCookie,
    });
    const paidAt = new Map<string, number>();
    let next = 0;
    const one = async () => {
      while (next < ORDERS) {
        next += 1;
        const made = await a.app.inject({
          method: 'POST',
          url: '/api/cafe/orders',
          payload: { tableToken: token, requestId: randomUUID(), lines: [{ itemId: 'drink-latte', quantity: 1 }] },
        });
        const { orderId, clientSecret } = made.json() as { orderId: string; clientSecret: string };
        // From the moment the card form is sent: its request, the commit, the NOTIFY and the stream's read.
        paidAt.set(orderId, performance.now());
        const paid = await a.app.inject({
          method: 'POST',
          url: '/api/test-payments/confirm',
          payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
        });
        if (paid.statusCode !== 200) throw new Error(`payment refused: ${paid.body}`);
      }
    };
    const watcher = setInterval(() => {
      for (const e of stream.events) {
        const id = (e.data as { id: string }).id;
        if (!arrived.has(id)) arrived.set(id, performance.now());
      }
    }, 1);
    await Promise.all(Array.from({ length: PARALLEL }, one));
    await stream.waitFor(ORDERS, 10_000);
    clearInterval(watcher);
    for (const e of stream.events) {
      const id = (e.data as { id: string }).id;
      if (!arrived.has(id)) arrived.set(id, performance.now());
    }
    stream.close();
    const ids = new Set(stream.events.map((e) => (e.data as { id: string }).id));
    const latencies = [...paidAt].map(([id, t]) => (arrived.get(id) ?? NaN) - t).sort((x, y) => x - y);

    const menu = await autocannon({
      url: `${a.base}/api/cafe/menu?table=${token}`,
      connections: 16,
      duration: MENU_SECONDS,
    });
    return [
      `bench:kitchen: ${ORDERS} orders paid through one server, a kitchen stream on another (PostgreSQL, ${PARALLEL} at once)`,
      `  on the stream: ${ids.size} orders, ${stream.events.length} events (each once: ${ids.size === stream.events.length})`,
      `  card form sent -> card on the kitchen stream: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms (aim p95 < 1000 ms)`,
      `  GET /api/cafe/menu: ${Math.round(menu.requests.average)} requests/s, p99 ${menu.latency.p99} ms, ${menu.non2xx} non-2xx`,
    ];
  } finally {
    await a.app.close();
    await b.app.close();
    await first.close();
    await second.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().then(
  (lines) => console.log(lines.join('\n')),
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
