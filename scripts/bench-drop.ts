/**
 * npm run bench:drop (issue 51): a ticket drop against two server processes on one real PostgreSQL.
 * Opens an event of BENCH_PLACES places (300) in 10 slots, sends BENCH_FAMILIES simulated families (5,000)
 * over BENCH_SECONDS (60), a quarter before the on-sale instant; each solves the proof of work, joins, polls
 * every 2 s, and once admitted holds 1-3 places and pays with the TEST MODE card. Prints oversold places
 * (must be 0), 5xx answers (0), whether admission followed queue order, p50/p95/p99 of the poll and the hold,
 * and the time to sell out. The processes are reached directly, alternately (no nginx in this run).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import pg from 'pg';
import { hashToken, newToken } from '../src/server/security/tokens';
import { startServer, type RunningServer } from '../tests/e2e/support/server';

const adminUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PLACES = Number(process.env.BENCH_PLACES ?? 300);
const PASSWORD = 'bench drop admin password';

const name = `bench_drop_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const env = { DATABASE_URL: url.toString(), LOG_LEVEL: 'error', RATE_LIMITS: 'off', ADMIN_PASSWORD: PASSWORD };
const servers: RunningServer[] = [];
servers.push(await startServer({ ...env, EVENT_POW_MAX_NUMBER: '1000' }));
servers.push(await startServer({ ...env, EVENT_POW_MAX_NUMBER: '1000' }));
const db = new pg.Client({ connectionString: env.DATABASE_URL });
await db.connect();

const latencies = { poll: [] as number[], hold: [] as number[] };
let fiveXx = 0;
let n = 0;
async function call(method: string, path: string, body?: unknown, cookie?: string, kind?: 'poll' | 'hold') {
  const base = servers[n++ % servers.length]!.url;
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (kind) latencies[kind].push(performance.now() - started);
  if (res.status >= 500) fiveXx++;
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

try {
  const signIn = await fetch(`${servers[0]!.url}/api/staff/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const staffCookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const start = Date.now();
  const onSale = start + (SECONDS * 1000) / 4;
  const perSlot = Math.ceil(PLACES / 10);
  const made = await call(
    'POST',
    '/api/admin/catalogue/events',
    {
      name: 'Bench grotto',
      slots: Array.from({ length: 10 }, (_, i) => ({
        startsAt: new Date(start + 30 * 86_400_000 + i * 600_000).toISOString(),
        lengthMinutes: 10,
        places: i === 9 ? PLACES - 9 * perSlot : perSlot,
      })),
      childPricePence: 1200,
      adultPricePence: 0,
      onSaleAt: new Date(onSale).toISOString(),
      familyCap: 3,
      admitPerMinute: 600,
    },
    staffCookie,
  );
  const event = made.json as { id: string; slots: { id: string }[] };
  let soldOutAt: number | null = null;

  const family = async (i: number) => {
    await new Promise((r) => setTimeout(r, (i / FAMILIES) * SECONDS * 1000));
    const token = newToken();
    await db.query(
      'insert into family_sessions (token_hash, email, expires_at, created_at) values ($1, $2, $3, now())',
      [hashToken(token), `bench${i}@example.com`, new Date(Date.now() + 86_400_000)],
    );
    const cookie = `ptb_family=${token}`;
    const c = (await call('GET', `/api/events/${event.id}/queue/challenge`)).json as {
      algorithm: string;
      challenge: string;
      maxnumber: number;
      salt: string;
      signature: string;
    };
    const solved = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    const payload = Buffer.from(JSON.stringify({ ...c, number: solved!.number })).toString('base64');
    const joined = await call('POST', `/api/events/${event.id}/queue`, { payload });
    const ticket = joined.json.ticket as string;
    for (;;) {
      const s = (await call('GET', `/api/events/${event.id}/queue/${ticket}`, undefined, undefined, 'poll')).json;
      if (s.status === 'sold_out' || s.status === 'expired') {
        soldOutAt ??= Date.now();
        return;
      }
      if (s.status === 'admitted') {
        const slots = event.slots.map((x) => x.id);
        for (let tries = 0; tries < 3; tries++) {
          const body = {
            admission: s.admission,
            slotId: slots[randomInt(slots.length)],
            children: Array.from({ length: 1 + randomInt(3) }, () => ({ firstName: 'Kid', age: 5 })),
          };
          const h = await call('POST', `/api/events/${event.id}/hold`, body, cookie, 'hold');
          if (h.status === 201) {
            await call('POST', '/api/test-payments/confirm', {
              clientSecret: h.json.clientSecret,
              cardNumber: '4242424242424242',
              expiry: '12/34',
              cvc: '123',
              name: 'Bench',
            });
            return;
          }
        }
        return;
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
  };
  await Promise.all(Array.from({ length: FAMILIES }, (_, i) => family(i)));

  const over = await db.query('select count(*)::int as n from event_slots where taken > places');
  const paid = await db.query(
    `select s.id, s.places, coalesce(sum(b.places) filter (where b.status = 'paid'), 0)::int as paid
       from event_slots s left join event_bookings b on b.slot_id = s.id group by s.id, s.places`,
  );
  const oversold = paid.rows.reduce((a, r) => a + Math.max(0, r.paid - r.places), 0) + over.rows[0].n;
  const adm = await db.query(
    `select position from event_queue_entries where admitted_at is not null order by position`,
  );
  const positions = adm.rows.map((r) => r.position as number);
  const inOrder = positions.every((p, i) => p === i + 1);
  const pct = (xs: number[], q: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(1) : '-';
  };
  console.log(`families ${FAMILIES} over ${SECONDS} s, ${PLACES} places, 2 processes on PostgreSQL`);
  console.log(`oversold places: ${oversold}`);
  console.log(`5xx answers: ${fiveXx}`);
  console.log(`admitted in queue order (positions 1..${positions.length}, no gap): ${inOrder}`);
  console.log(
    `poll ms p50 ${pct(latencies.poll, 0.5)} p95 ${pct(latencies.poll, 0.95)} p99 ${pct(latencies.poll, 0.99)} (${latencies.poll.length})`,
  );
  console.log(
    `hold ms p50 ${pct(latencies.hold, 0.5)} p95 ${pct(latencies.hold, 0.95)} p99 ${pct(latencies.hold, 0.99)} (${latencies.hold.length})`,
  );
  console.log(`sold out ${soldOutAt ? ((soldOutAt - onSale) / 1000).toFixed(1) : 'never'} s after the on-sale instant`);
  if (oversold || fiveXx || !inOrder) process.exitCode = 1;
} finally {
  await db.end();
  for (const s of servers) await s.stop();
  await admin.query(`DROP DATABASE ${name} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
