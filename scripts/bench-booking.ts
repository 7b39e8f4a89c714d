/**
 * npm run bench:booking: booking creation and month availability against a real PostgreSQL.
 * Starts one real server process on a fresh database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * the local postgres://postgres@127.0.0.1:5432/test), drives it with autocannon, prints the figures and
 * checks that no session was oversold. Targets (issue 4): booking p99 < 100 ms at 32 clients, month
 * availability p99 < 20 ms, zero oversell.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../tests/e2e/support/server';
import { bookableRange, datesBetween, isWeekend } from '../src/shared/dates';

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);

const name = `bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dbUrl = url.toString();

const server = await startServer({ DATABASE_URL: dbUrl, LOG_LEVEL: 'error', RATE_LIMITS: 'off' });
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
try {
  // Room for a 10-second run in every session, so the figures measure selling, not refusing. A catalogue
  // edit like any other: the version bump makes the running server reload its copy.
  await db.query('update session_times set capacity = 400, version = version + 1');
  await db.query('update catalogue_state set version = version + 1');
  await db.query('delete from session_restrictions'); // the demo seed's blocks would refuse some bookings
  const { from, to } = bookableRange(new Date());
  const dates = datesBetween(from, to).slice(2); // skip today and tomorrow: sessions there may have closed
  const sessions = ['morning', 'midday', 'afternoon'];
  let i = 0;
  const body = () => {
    const n = i++;
    const date = dates[n % dates.length]!;
    const session = sessions[Math.floor(n / dates.length) % 3]!;
    const allDay = !isWeekend(date) && n % 7 === 0;
    return JSON.stringify({
      customerName: 'Bench Family',
      customerEmail: `bench${n}@example.com`,
      customerPhone: '07700 900123',
      selectedDate: date,
      selectedTime: allDay ? undefined : session,
      agreeToTerms: true,
      ticketQuantities: { 'child-1-12': 2, adult: 1 },
      totalAmount: 2100,
      loyaltyOptIn: true,
    });
  };

  const run = (opts: autocannon.Options) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))),
    );

  // Warm-up: JIT, connection pool, first occupancy rows.
  await run({
    url: server.url,
    connections: 8,
    amount: 200,
    requests: [
      {
        method: 'POST',
        path: '/api/create-booking-payment',
        headers: { 'content-type': 'application/json' },
        setupRequest: (r) => ({ ...r, body: body() }),
      },
    ],
  });

  const booking = await run({
    url: server.url,
    connections: CLIENTS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: '/api/create-booking-payment',
        headers: { 'content-type': 'application/json' },
        setupRequest: (r) => ({ ...r, body: body() }),
      },
    ],
  });
  const monthPath = `/api/calendar/availability?from=${from}&to=${to}`;
  const monthAt = (connections: number) =>
    run({ url: server.url + monthPath, connections, duration: Math.max(3, SECONDS / 2) });
  const month1 = await monthAt(1);
  const month8 = await monthAt(8);
  const month32 = await monthAt(CLIENTS);

  const oversold = (
    await db.query(`
      select o.visit_date, o.session_id, o.capacity, o.taken,
        coalesce((select sum(b.places) from bookings b where b.visit_date = o.visit_date and b.places_held
          and (b.session_id = o.session_id or b.session_id is null)), 0)::int as held
      from session_occupancy o`)
  ).rows.filter((r) => r.taken > r.capacity || r.taken !== r.held);
  const created = Number((await db.query('select count(*) from bookings')).rows[0].count);

  const line = (label: string, r: autocannon.Result) =>
    `${label.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
  console.log(
    `\nPlay Time Barn booking benchmark (PostgreSQL, ${SECONDS}s runs, one server process; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)})`,
  );
  console.log(line(`create-booking-payment, ${CLIENTS} clients`, booking));
  console.log(line('month availability, 1 client', month1));
  console.log(line('month availability, 8 clients', month8));
  console.log(line(`month availability, ${CLIENTS} clients`, month32));
  console.log(`bookings created: ${created}; sessions oversold or miscounted: ${oversold.length}`);
  if (oversold.length) {
    console.error('OVERSOLD:', oversold.slice(0, 10));
    process.exitCode = 1;
  }
} finally {
  await db.end();
  await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
