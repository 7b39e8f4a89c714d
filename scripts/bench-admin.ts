/**
 * npm run bench:admin (issue 17, "Ten years of data"): a fresh PostgreSQL database `ptb_bench` (dropped and
 * created each run on BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432), migrated,
 * seeded with ten years of a busy venue (scripts/lib/bench-admin-seed.ts: 1,000,000 bookings by 200,000
 * families, set-based SQL), analysed; then our real server on it, signed in as an admin, and every staff
 * endpoint measured: BENCH_REQUESTS sequential requests (default 50), then 8 concurrent clients.
 * One surname is 5% of all families (COMMON_SURNAME), and searches for it are measured too.
 * Prints p50/p95 per endpoint, the seed time and row counts. Target: p95 < 50 ms each; the month's CSV < 1 s.
 * BENCH_KEEP=1 keeps the seeded database and skips the seed when it already holds the bookings.
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { startServer } from '../tests/e2e/support/server';
import { openDatabase } from '../src/server/db/client';
import { seedVenue } from '../src/server/catalogue/seed-venue';
import { ensureFirstAdmin } from '../src/server/staff/ensure-first-admin';
import { addDays, bookableRange, todayInLondon } from '../src/shared/dates';
import { BOOKINGS, COMMON_SURNAME, rowCounts, seedTenYears } from './lib/bench-admin-seed';
import { measureEndpoint, type Endpoint, type Figures } from './lib/bench-admin-measure';

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const KEEP = process.env.BENCH_KEEP === '1';
const DB_NAME = 'ptb_bench';
const PASSWORD = 'bench-admin-password-2026';
const TARGET_MS = 50;
const CSV_TARGET_MS = 1000;

const urlOf = (database: string) => {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
};
const log = (line: string) => console.log(line);

type Result = { name: string; seq: Figures; conc: Figures; target: number };
const pad = (s: string | number, n: number) => String(s).padStart(n);
const okOf = (r: Result) => r.seq.p95 < r.target && r.conc.p95 < r.target && r.seq.errors + r.conc.errors === 0;
const row = (r: Result) => {
  const errors = r.seq.errors + r.conc.errors;
  return `${r.name.padEnd(36)} ${pad(`${r.seq.p50} / ${r.seq.p95} ms`, 20)} ${pad(`${r.conc.p50} / ${r.conc.p95} ms`, 22)}  ${pad(`<${r.target}`, 6)}  ${okOf(r) ? 'yes' : 'NO'}${errors ? ` (${errors} errors: ${r.seq.firstError ?? r.conc.firstError})` : ''}`;
};
const header = `${'Endpoint'.padEnd(36)} ${'sequential p50/p95'.padStart(20)} ${`${CLIENTS} clients p50/p95`.padStart(22)}  target  ok`;

// 1. A fresh database (or the kept one), migrated, with the venue and the first admin.
const maintenance = new pg.Client({ connectionString: urlOf('postgres') });
await maintenance.connect();
const exists = (await maintenance.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount === 1;
let reuse = false;
if (KEEP && exists) {
  const probe = new pg.Client({ connectionString: urlOf(DB_NAME) });
  await probe.connect();
  reuse =
    Number(
      (await probe.query('select count(*)::int as n from bookings').catch(() => ({ rows: [{ n: 0 }] }))).rows[0].n,
    ) >= BOOKINGS;
  await probe.end();
}
if (!reuse) {
  await maintenance.query(`drop database if exists ${DB_NAME} with (force)`);
  await maintenance.query(`create database ${DB_NAME}`);
}
await maintenance.end();
const dbUrl = urlOf(DB_NAME);
const migrated = await openDatabase({ databaseUrl: dbUrl });
await seedVenue(migrated.db);
await ensureFirstAdmin(migrated.db, PASSWORD);
await migrated.close();

// 2. Ten years of data.
const client = new pg.Client({ connectionString: dbUrl });
await client.connect();
let seedSeconds = 0;
if (!reuse) {
  log(`Seeding ten years into ${DB_NAME}:`);
  seedSeconds = await seedTenYears(async () => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    return c;
  }, log);
} else {
  log(`Reusing the seeded ${DB_NAME} (BENCH_KEEP=1).`);
}
const counts = await rowCounts(client);
// What the endpoints are asked for: a real recent booking's reference, family name, e-mail and phone.
type Sample = { id: string; reference: string; customer_name: string; customer_email: string; customer_phone: string };
const sampleWhere = async (extra: string) =>
  (
    await client.query(`
      select id, reference, customer_name, customer_email, customer_phone from bookings
       where anonymised_at is null and status = 'confirmed' and visit_date < current_date - 7 ${extra}
       order by created_at desc limit 1 offset 500`)
  ).rows[0] as Sample;
const sample = await sampleWhere(`and customer_name not like '% ${COMMON_SURNAME}'`);
// A family with the surname 5% of families share: its name matches 50,000 bookings.
const common = await sampleWhere(`and customer_name like '% ${COMMON_SURNAME}'`);
await client.end();

// 3. Our real server on it, signed in as the admin.
const server = await startServer({
  DATABASE_URL: dbUrl,
  LOG_LEVEL: 'error',
  RATE_LIMITS: 'off',
  ADMIN_PASSWORD: PASSWORD,
  // The day-before reminders would mail tomorrow's few hundred bookings in the middle of a measurement.
  REMINDER_INTERVAL_MS: String(24 * 3_600_000),
});
const results: Result[] = [];
try {
  const signIn = await fetch(`${server.url}/api/staff/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const now = new Date();
  const today = todayInLondon(now);
  const month = bookableRange(now);
  const lastMonth = { from: addDays(today, -31), to: addDays(today, -1) };
  const surname = sample.customer_name.split(' ').at(-1)!;
  const emailPart = sample.customer_email.split('@')[0]!;
  const phoneDigits = sample.customer_phone.replace(/\D/g, '').slice(-6);
  const get = (path: string): Endpoint['request'] => ({ path });
  const post = (path: string, body: unknown): Endpoint['request'] => ({ path, method: 'POST', body });
  const endpoints: (Endpoint & { target?: number; requests?: number })[] = [
    // The floor: a signed-in request that reads only its session. What the machine's load alone costs.
    { name: 'Floor: /api/staff/me', request: get('/api/staff/me') },
    { name: 'Overview (dashboard stats)', request: get('/api/admin/dashboard-stats') },
    { name: "Today's Bookings", request: get('/api/admin/todays-bookings') },
    { name: 'Checked In (active sessions)', request: get('/api/admin/active-sessions') },
    {
      name: 'Desk ticket search (today, name)',
      request: post('/api/check-in/search-all-tickets', { customerName: surname }),
    },
    { name: 'Booking search: name', request: get(`/api/admin/bookings?q=${encodeURIComponent(sample.customer_name)}`) },
    { name: 'Booking search: surname', request: get(`/api/admin/bookings?q=${encodeURIComponent(surname)}`) },
    { name: 'Booking search: e-mail', request: get(`/api/admin/bookings?q=${encodeURIComponent(emailPart)}`) },
    {
      name: 'Booking search: reference',
      request: get(`/api/admin/bookings?q=${encodeURIComponent(sample.reference)}`),
    },
    { name: 'Booking search: phone', request: get(`/api/admin/bookings?q=${phoneDigits}`) },
    { name: 'Booking detail', request: get(`/api/admin/bookings/${sample.id}`) },
    {
      name: 'Payment search (name)',
      request: post('/api/admin/search-payments', { searchTerm: sample.customer_name }),
    },
    { name: 'Payment search (surname)', request: post('/api/admin/search-payments', { searchTerm: surname }) },
    {
      name: `Booking search: ${COMMON_SURNAME} (5%)`,
      request: get(`/api/admin/bookings?q=${encodeURIComponent(COMMON_SURNAME)}`),
    },
    {
      name: `Booking search: ${COMMON_SURNAME} e-mail`,
      request: get(`/api/admin/bookings?q=${encodeURIComponent(common.customer_email.split('@')[0]!)}`),
    },
    {
      name: `Booking search: ${COMMON_SURNAME} phone`,
      request: get(`/api/admin/bookings?q=${common.customer_phone.replace(/\D/g, '').slice(-6)}`),
    },
    {
      name: `Payment search: ${COMMON_SURNAME} (5%)`,
      request: post('/api/admin/search-payments', { searchTerm: COMMON_SURNAME }),
    },
    {
      name: `Payment search: ${COMMON_SURNAME} full name`,
      request: post('/api/admin/search-payments', { searchTerm: common.customer_name }),
    },
    { name: 'Enquiries (contact)', request: get('/api/admin/inquiries') },
    { name: 'Enquiries (party)', request: get('/api/admin/birthday-inquiries') },
    { name: 'Restrictions', request: get('/api/admin/session-restrictions') },
    { name: 'Audit log (newest page)', request: get('/api/admin/audit-log') },
    { name: 'Audit log (one person)', request: get('/api/admin/audit-log?actor=sarah') },
    { name: 'Public month availability', request: get(`/api/calendar/availability?from=${month.from}&to=${month.to}`) },
    {
      name: "CSV: a month's bookings",
      request: get(`/api/admin/exports/bookings.csv?from=${lastMonth.from}&to=${lastMonth.to}`),
      target: CSV_TARGET_MS,
      requests: 10,
    },
    {
      name: "CSV: a month's payments",
      request: get(`/api/admin/exports/payments.csv?from=${lastMonth.from}&to=${lastMonth.to}`),
      target: CSV_TARGET_MS,
      requests: 10,
    },
  ];
  // Overview charts, when the server has them (another change adds them): probed, measured if found.
  for (const path of ['/api/admin/overview/charts', '/api/admin/overview-charts', '/api/admin/dashboard-charts']) {
    const r = await fetch(server.url + path, { headers: { cookie } });
    if (r.ok) {
      endpoints.splice(2, 0, { name: 'Overview charts', request: get(path) });
      break;
    }
  }

  log(`\n${header}`);
  for (const e of endpoints) {
    const n = e.requests ?? REQUESTS;
    const seq = await measureEndpoint(server.url, cookie, e, { clients: 1, requests: n });
    const conc = await measureEndpoint(server.url, cookie, e, { clients: CLIENTS, requests: Math.max(n, CLIENTS * 3) });
    results.push({ name: e.name, seq, conc, target: e.target ?? TARGET_MS });
    log(`  ${row(results.at(-1)!)}`);
  }
} finally {
  await server.stop();
}

log(
  `\nPlay Time Barn admin benchmark: ten years on PostgreSQL (${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)})`,
);
log(reuse ? 'Seed: reused (BENCH_KEEP=1)' : `Seed: ${seedSeconds.toFixed(0)} s`);
log(
  `Rows: ${Object.entries(counts)
    .map(([t, n]) => `${t} ${n.toLocaleString('en-GB')}`)
    .join(', ')}`,
);
log(`\n${header}`);
let failed = 0;
for (const r of results) {
  if (!okOf(r)) failed++;
  log(row(r));
}
log(failed ? `\n${failed} endpoint(s) over the target.` : '\nEvery endpoint within the target.');
if (!KEEP) {
  const m = new pg.Client({ connectionString: urlOf('postgres') });
  await m.connect();
  await m.query(`drop database if exists ${DB_NAME} with (force)`);
  await m.end();
}
process.exitCode = failed ? 1 : 0;
