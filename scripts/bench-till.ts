/**
 * npm run bench:till (issue 48): the counter till on PostgreSQL. A fresh database `ptb_bench_till` (dropped
 * and created each run on BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432), migrated,
 * seeded with the venue and a year of till sales (one till session a day, BENCH_SALES_A_DAY sales of three
 * lines each, paid through the same trigger the Overview's takings are counted by); then our real server on
 * it, and:
 * - 4 tills at once (4 members of staff, each on a till session of their own) each selling BENCH_SALES 5-line
 *   cash sales (entry, cafe and shop) one after another: sales a second, and p50/p95 of one sale (aim < 100 ms);
 * - the Overview (GET /api/admin/dashboard-stats, and its charts when the server has them) with that year in
 *   it: p50/p95 sequential and at 4 clients (aim < 50 ms).
 * It prints figures (and the machine's load average); it is not a test. BENCH_KEEP=1 keeps the database.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import type { SaleInput, TillCatalogue } from '../src/shared/contracts/till';
import { seedVenue } from '../src/server/catalogue/seed-venue';
import { openDatabase } from '../src/server/db/client';
import { createStaffAccount } from '../src/server/staff/create-staff-account';
import { ensureFirstAdmin } from '../src/server/staff/ensure-first-admin';
import { startServer } from '../tests/e2e/support/server';
import { measureEndpoint, type Figures } from './lib/bench-admin-measure';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const SALES = Number(process.env.BENCH_SALES ?? 150);
const SALES_A_DAY = Number(process.env.BENCH_SALES_A_DAY ?? 250);
const TILLS = 4;
const KEEP = process.env.BENCH_KEEP === '1';
const DB_NAME = 'ptb_bench_till';
const PASSWORD = 'bench-till-password-2026';
const SALE_TARGET_MS = 100;
const OVERVIEW_TARGET_MS = 50;

const urlOf = (database: string) => {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
};
const log = (line: string) => console.log(line);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// 1. A fresh database, migrated, with the venue, the first admin and a member of staff for each till.
const maintenance = new pg.Client({ connectionString: urlOf('postgres') });
await maintenance.connect();
await maintenance.query(`drop database if exists ${DB_NAME} with (force)`);
await maintenance.query(`create database ${DB_NAME}`);
await maintenance.end();
const dbUrl = urlOf(DB_NAME);
const migrated = await openDatabase({ databaseUrl: dbUrl });
await seedVenue(migrated.db);
await ensureFirstAdmin(migrated.db, PASSWORD);
const tillStaff = Array.from({ length: TILLS }, (_, i) => `bench.till${i + 1}`);
for (const username of tillStaff)
  await createStaffAccount(migrated.db, {
    username,
    displayName: `Till ${username}`,
    role: 'staff',
    password: PASSWORD,
  });
await migrated.close();

// 2. A year of till sales, set-based: sessions, sales waiting, their lines, then paid (the takings trigger).
const client = new pg.Client({ connectionString: dbUrl });
await client.connect();
const seedStart = performance.now();
const adminId = (await client.query(`select id from staff_accounts where username = 'admin'`)).rows[0].id as string;
await client.query(
  `insert into till_sessions (till, opened_by, opened_by_account, operator, operator_account, opened_at, float_pence,
                              closed_by, closed_at, counted_pence)
   select 'Seed till', 'admin', $1, 'admin', $1, d + interval '9 hours', 10000, 'admin', d + interval '18 hours', 10000
     from generate_series(current_date - 365, current_date - 1, interval '1 day') d`,
  [adminId],
);
await client.query(
  `insert into till_sales (session_id, request_id, status, eat_in, total_pence, method, staff, staff_account,
                           created_at, updated_at)
   select s.id, gen_random_uuid(), 'awaiting_card', n % 2 = 0, 1430, case when n % 3 = 0 then 'card' else 'cash' end,
          'admin', $1, s.opened_at + n * interval '2 minutes', s.opened_at + n * interval '2 minutes'
     from till_sessions s cross join generate_series(1, $2::int) n where s.till = 'Seed till'`,
  [adminId, SALES_A_DAY],
);
await client.query(
  `insert into till_sale_lines (sale_id, sort, kind, item_id, description, quantity, unit_pence, total_pence,
                                vat_rate_bp, net_pence, vat_pence)
   select s.id, v.k, v.kind, v.item, v.item, 1, v.p, v.p, 2000, v.p - v.vat, v.vat
     from till_sales s cross join (values (0, 'entry', 'child-1-12', 950, 158), (1, 'cafe', 'drink-latte', 330, 55),
                                          (2, 'shop', 'grip-socks', 150, 25)) v(k, kind, item, p, vat)`,
);
await client.query(
  `update till_sales set status = 'paid',
          tendered_pence = case when method = 'cash' then 2000 end,
          change_pence = case when method = 'cash' then 570 end
    where status = 'awaiting_card'`,
);
await client.query('analyze');
const seedSeconds = (performance.now() - seedStart) / 1000;
const seeded = (await client.query('select count(*)::int as n from till_sales')).rows[0].n as number;
// Room for every entry line the run sells (a catalogue edit like any other: the running server reloads it).
await client.query('update session_times set capacity = 100000, version = version + 1');
await client.query('update catalogue_state set version = version + 1');
await client.end();
log(`Seeded ${seeded.toLocaleString('en-GB')} till sales (a year) in ${seedSeconds.toFixed(0)} s.`);

// 3. Our real server on it.
const server = await startServer({
  DATABASE_URL: dbUrl,
  LOG_LEVEL: 'error',
  RATE_LIMITS: 'off',
  ADMIN_PASSWORD: PASSWORD,
  REMINDER_INTERVAL_MS: String(24 * 3_600_000),
});
const call = async (cookie: string, path: string, body?: unknown) => {
  const res = await fetch(server.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
};
const signIn = async (username: string) => {
  const res = await fetch(`${server.url}/api/staff/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
};

let sale: { wall: number; times: number[]; errors: number; firstError?: string } | null = null;
const overview: { name: string; seq: Figures; conc: Figures }[] = [];
try {
  const adminCookie = await signIn('admin');
  const tills = await Promise.all(
    tillStaff.map(async (username, i) => {
      const cookie = await signIn(username);
      const session = (await call(cookie, '/api/till/sessions', { till: `Till ${i + 1}`, floatPence: 10000 })) as {
        id: string;
      };
      return { cookie, sessionId: session.id };
    }),
  );
  // The 5-line basket: entry for the session on now or next (when there is one), cafe and shop.
  const catalogue = (await call(tills[0]!.cookie, '/api/till/catalogue')) as TillCatalogue;
  const cafe = catalogue.cafe.filter((c) => c.available);
  const lines: SaleInput['lines'] = [
    ...(catalogue.entry.session && catalogue.entry.tickets[0]
      ? [{ kind: 'entry' as const, ticketTypeId: catalogue.entry.tickets[0].ticketTypeId, quantity: 2 }]
      : []),
    ...cafe.slice(0, 2).map((c) => ({ kind: 'cafe' as const, itemId: c.id, quantity: 1, optionIds: [] })),
    ...catalogue.shop.slice(0, 2).map((s) => ({ kind: 'shop' as const, itemId: s.id, quantity: 1 })),
  ];
  for (const c of cafe.slice(2)) {
    if (lines.length >= 5) break;
    lines.push({ kind: 'cafe', itemId: c.id, quantity: 1, optionIds: [] });
  }
  log(`Basket: ${lines.map((l) => `${l.quantity} ${'itemId' in l ? l.itemId : l.ticketTypeId}`).join(', ')}`);
  const sellOnce = (t: (typeof tills)[number]) =>
    call(t.cookie, '/api/till/sales', {
      tillSessionId: t.sessionId,
      requestId: randomUUID(),
      lines,
      eatIn: true,
      payment: { method: 'cash', tenderedPence: 100_000 },
    } satisfies SaleInput);
  // Warm-up: JIT, pool, plans.
  for (const t of tills) for (let i = 0; i < 5; i++) await sellOnce(t);

  const times: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now();
  await Promise.all(
    tills.map(async (t) => {
      for (let i = 0; i < SALES; i++) {
        const t0 = performance.now();
        try {
          await sellOnce(t);
          times.push(performance.now() - t0);
        } catch (err) {
          errors++;
          firstError ??= String(err);
        }
      }
    }),
  );
  sale = { wall: (performance.now() - start) / 1000, times: times.sort((a, b) => a - b), errors, firstError };

  // The floor first: a signed-in request that reads only its session, what the machine's load alone costs.
  const overviewPaths = ['/api/staff/me', '/api/admin/dashboard-stats'];
  for (const path of ['/api/admin/overview/charts', '/api/admin/overview-charts', '/api/admin/dashboard-charts']) {
    const r = await fetch(server.url + path, { headers: { cookie: adminCookie } });
    if (r.ok) {
      overviewPaths.push(path);
      break;
    }
  }
  for (const path of overviewPaths) {
    const e = { name: path, request: { path } };
    const seq = await measureEndpoint(server.url, adminCookie, e, { clients: 1, requests: 50 });
    const conc = await measureEndpoint(server.url, adminCookie, e, { clients: TILLS, requests: 60 });
    overview.push({ name: path, seq, conc });
  }
} finally {
  await server.stop();
  if (!KEEP) {
    const m = new pg.Client({ connectionString: urlOf('postgres') });
    await m.connect();
    await m.query(`drop database if exists ${DB_NAME} with (force)`);
    await m.end();
  }
}

const [l1, l5, l15] = loadavg();
log(
  `\nPlay Time Barn till benchmark on PostgreSQL (${cpus().length} cores, load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} / ${l15!.toFixed(2)})`,
);
log(`Year of till sales seeded: ${seeded.toLocaleString('en-GB')} sales in ${seedSeconds.toFixed(0)} s`);
if (sale) {
  const n = sale.times.length;
  const p95 = Math.round(percentile(sale.times, 95));
  log(
    `5-line sale, ${TILLS} tills at once: ${n} sales in ${sale.wall.toFixed(1)} s = ${(n / sale.wall).toFixed(1)} sales a second; ` +
      `p50 ${Math.round(percentile(sale.times, 50))} ms, p95 ${p95} ms (aim < ${SALE_TARGET_MS} ms: ${p95 < SALE_TARGET_MS ? 'yes' : 'NO'})` +
      (sale.errors ? `; ${sale.errors} errors (${sale.firstError})` : ''),
  );
}
for (const o of overview) {
  if (o.name === '/api/staff/me') {
    log(
      `Floor ${o.name}: sequential p95 ${o.seq.p95} ms; ${TILLS} clients p95 ${o.conc.p95} ms (the machine's load alone)`,
    );
    continue;
  }
  const ok = o.seq.p95 < OVERVIEW_TARGET_MS && o.conc.p95 < OVERVIEW_TARGET_MS;
  log(
    `Overview ${o.name}: sequential p50 ${o.seq.p50} ms, p95 ${o.seq.p95} ms; ${TILLS} clients p50 ${o.conc.p50} ms, p95 ${o.conc.p95} ms ` +
      `(aim < ${OVERVIEW_TARGET_MS} ms: ${ok ? 'yes' : 'NO'})${o.seq.errors + o.conc.errors ? `; errors: ${o.seq.firstError ?? o.conc.firstError}` : ''}`,
  );
}
