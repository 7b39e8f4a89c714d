import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client';
import { openTestDatabase } from '../../src/server/testing/test-database';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { freePort, startServer, type RunningServer } from '../e2e/support/server';

/**
 * Issue 26, restarts: two server processes behind Debian's nginx, configured by the shipped
 * deploy/nginx/playtime-barn.conf (only its ports replaced), are restarted one after the other while
 * families browse and book through nginx. Not one request fails (no network error, no 5xx), every booking
 * that was made exists afterwards and is paid if its payment succeeded, and each process exits 0 within
 * 10 s of SIGTERM. Two processes share one database, so this needs PostgreSQL (TEST_DATABASE_URL).
 *
 * Each process gets its port's socket as systemd's socket unit (deploy/systemd/playtime-barn@.socket)
 * gives it: held outside the process, so connections that arrive while it restarts wait for the next one.
 * Without that, one request in a few thousand failed: a connection nginx had opened and sent a POST on,
 * still in the kernel's accept queue when the old process closed its listener, was reset (a 502 nginx
 * must not retry).
 */
const SHIPPED_CONF = path.resolve('deploy/nginx/playtime-barn.conf');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const PAGE_LOOPS = 3;
const BOOKING_LOOPS = 4;
const SHUTDOWN_LIMIT_MS = 10_000;
/** The shipped upstream's fail_timeout: how long nginx leaves a process alone after it refused. */
const FAIL_TIMEOUT_MS = Number(/fail_timeout=(\d+)s/.exec(readFileSync(SHIPPED_CONF, 'utf8'))![1]) * 1000;

/** The shipped site, listening on `listenPort` and proxying to the two given ports, in a whole nginx.conf. */
function renderNginxConf(dir: string, listenPort: number, upstreamPorts: [number, number]): string {
  const site = readFileSync(SHIPPED_CONF, 'utf8')
    .replace('127.0.0.1:5001', `127.0.0.1:${upstreamPorts[0]}`)
    .replace('127.0.0.1:5002', `127.0.0.1:${upstreamPorts[1]}`)
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, t));
  return `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

/** Our own nginx: foreground child, own prefix, config, pid file and logs; the package's service is not used. */
async function startNginx(upstreamPorts: [number, number]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-rolling-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, renderNginxConf(dir, port, upstreamPorts));
  const args = ['-p', dir, '-e', `${dir}/error.log`, '-c', conf, '-g', `daemon off; pid ${dir}/nginx.pid;`];
  execFileSync(NGINX, [...args.slice(0, 6), '-t', '-q'], { stdio: 'pipe' }); // the shipped file is valid
  const child: ChildProcess = spawn(NGINX, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    if ((await fetch(`${url}/readyz`).catch(() => null))?.ok) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    errorLog: () => readFileSync(path.join(dir, 'error.log'), 'utf8'),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT'); // graceful
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Tally = { requests: number; failures: string[] };
type Booking = { id: string; paid: boolean };

describe('rolling restart behind nginx', () => {
  it('renders the shipped nginx config into one nginx accepts', async () => {
    execFileSync('bash', ['scripts/ensure-nginx.sh'], { stdio: 'inherit' });
    const dir = mkdtempSync(path.join(tmpdir(), 'nginx-conf-'));
    try {
      const conf = path.join(dir, 'nginx.conf');
      writeFileSync(conf, renderNginxConf(dir, await freePort(), [await freePort(), await freePort()]));
      expect(readFileSync(conf, 'utf8')).toContain('proxy_next_upstream error timeout http_502 http_503;');
      expect(readFileSync(conf, 'utf8')).not.toMatch(/^\s*keepalive\s/m); // see the upstream block's comment
      execFileSync(NGINX, ['-p', dir, '-e', `${dir}/error.log`, '-c', conf, '-t', '-q'], { stdio: 'pipe' });
      // The processes' ports are the socket units' (see above), and each process needs its unit's socket.
      expect(readFileSync('deploy/systemd/playtime-barn@.socket', 'utf8')).toMatch(/^ListenStream=127\.0\.0\.1:%i$/m);
      expect(readFileSync('deploy/systemd/playtime-barn@.service', 'utf8')).toMatch(
        /^Requires=playtime-barn@%i\.socket$/m,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  if (process.env.TEST_DATABASE_URL) {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    let servers: RunningServer[] = [];
    let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
    beforeAll(async () => {
      execFileSync('bash', ['scripts/ensure-nginx.sh'], { stdio: 'inherit' });
      database = await openTestDatabase('postgres');
      const env = { DATABASE_URL: database.url!, RATE_LIMITS: 'off', TRUST_PROXY: '127.0.0.1', NODE_ENV: 'test' };
      // As deploy/systemd runs them: each port's socket is held by its socket unit, not by the process.
      servers = await Promise.all([
        startServer(env, { socketActivation: true }),
        startServer(env, { socketActivation: true }),
      ]);
      const ports = servers.map((s) => Number(new URL(s.url).port)) as [number, number];
      nginx = await startNginx(ports);
    }, 120_000);
    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(servers.map((s) => s.stop()));
      await database?.close();
    });

    it('restarts both processes under load with 0 failed requests and 0 lost bookings', async () => {
      const before = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from bookings`))[0]!
        .n;
      const tally: Tally = { requests: 0, failures: [] };
      const made: Booking[] = [];
      let refusedFull = 0;
      let running = true;

      /** A failure is a network error or a 5xx; anything else is the app's answer. */
      const send = async (what: string, url: string, init?: RequestInit) => {
        tally.requests++;
        try {
          const res = await fetch(`${nginx!.url}${url}`, init);
          const body = await res.text();
          if (res.status >= 500) tally.failures.push(`${what}: ${res.status} ${body.slice(0, 200)}`);
          return { status: res.status, body };
        } catch (err) {
          tally.failures.push(`${what}: ${(err as Error).message} ${String((err as Error).cause ?? '')}`);
          return null;
        }
      };
      const post = (what: string, url: string, body: unknown) =>
        send(what, url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });

      const today = todayInLondon(new Date());
      const month = addDays(today, 1);
      const pages = ['/', '/booking', `/api/calendar/availability?from=${month}&to=${addDays(month, 27)}`, '/readyz'];
      const pageLoop = async (n: number) => {
        for (let i = n; running; i++) await send('page', pages[i % pages.length]!);
      };
      const bookingLoop = async (n: number) => {
        for (let i = 0; running; i++) {
          const k = n * 10_000 + i;
          const created = await post('create', '/api/create-booking-payment', {
            customerName: `Family ${k}`,
            customerEmail: `rolling${k}@example.com`,
            customerPhone: '07700 900123',
            selectedDate: addDays(today, 2 + (k % 20)),
            selectedTime: ['morning', 'midday', 'afternoon'][k % 3],
            agreeToTerms: true,
            ticketQuantities: { 'child-1-12': 1 },
            totalAmount: 950,
            loyaltyOptIn: false,
          });
          if (created?.status === 409) refusedFull++;
          if (created?.status !== 201) continue;
          const { bookingId, clientSecret } = JSON.parse(created.body) as { bookingId: string; clientSecret: string };
          const booking: Booking = { id: bookingId, paid: false };
          made.push(booking);
          const paid = await post('pay', '/api/test-payments/confirm', {
            clientSecret,
            cardNumber: '4242 4242 4242 4242',
            expiry: '12/34',
            cvc: '123',
            name: 'Jo Bloggs',
          });
          booking.paid = paid?.status === 200 && (JSON.parse(paid.body) as { status: string }).status === 'succeeded';
        }
      };

      const load = [
        ...Array.from({ length: PAGE_LOOPS }, (_, n) => pageLoop(n)),
        ...Array.from({ length: BOOKING_LOOPS }, (_, n) => bookingLoop(n)),
      ];
      const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const restarts: { exitCode: number | null; exitMs: number; backMs: number }[] = [];
      await pause(3_000);
      for (const server of servers) {
        const started = Date.now();
        const exitCode = await server.signal('SIGTERM');
        const exitMs = Date.now() - started;
        await server.restart(); // same port; resolves once /readyz answers
        restarts.push({ exitCode, exitMs, backMs: Date.now() - started });
        // docs/deployment.md's procedure: once ready, give nginx its fail_timeout to take the process back.
        await pause(FAIL_TIMEOUT_MS + 1_000);
      }
      running = false;
      await Promise.all(load);

      const rows = rowsOf<{ id: string; status: string }>(
        await database.db.execute(sql`select id::text, status from bookings`),
      );
      const statusOf = new Map(rows.map((r) => [r.id, r.status]));
      const paid = made.filter((b) => b.paid);
      console.log(
        `rolling-restart: ${tally.requests} requests through nginx, ${tally.failures.length} failed; ` +
          `${made.length} bookings made (${paid.length} paid, ${refusedFull} refused as full), ` +
          `${rows.length - before} in the database; restarts: ` +
          restarts
            .map((r, i) => `process ${i + 1} exited ${r.exitCode} in ${r.exitMs} ms, ready again after ${r.backMs} ms`)
            .join('; '),
      );
      expect(tally.failures).toEqual([]);
      expect(nginx!.errorLog()).not.toMatch(/no live upstreams/);
      expect(made.length).toBeGreaterThan(20);
      expect(made.filter((b) => !statusOf.has(b.id))).toEqual([]); // 0 lost
      expect(rows.length - before).toBe(made.length); // and none made that nobody was told of
      expect(paid.filter((b) => statusOf.get(b.id) !== 'confirmed')).toEqual([]);
      for (const r of restarts) {
        expect(r.exitCode).toBe(0);
        expect(r.exitMs).toBeLessThan(SHUTDOWN_LIMIT_MS);
      }
    }, 110_000);
  }
});
