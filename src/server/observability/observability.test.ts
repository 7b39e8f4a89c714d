import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { book } from '../testing/dashboard-fixtures';
import { openTestApp } from '../testing/test-app';
import { buildApp } from '../app';
import { testConfig } from '../testing/test-config';
import { openTestDatabase, testDbKinds } from '../testing/test-database';

type TestApp = Awaited<ReturnType<typeof openTestApp>>;

/** One series' value from a Prometheus text answer (0 when absent). */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.each(testDbKinds)('metrics and readiness (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a scraper on this machine reads the counters over HTTP; they move with bookings and payments', async () => {
    // The booking fixtures' visit dates are in late October 2025.
    t = await openTestApp(kind, { now: () => new Date('2025-10-21T09:00:00Z') });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/metrics`;
    const before = await (await fetch(url)).text();
    await book(t.app);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const after = await res.text();
    const created = 'bookings_total{outcome="created"}';
    expect(valueOf(after, created) - valueOf(before, created)).toBe(1);
    const paid = 'payments_total{outcome="succeeded"}';
    expect(valueOf(after, paid) - valueOf(before, paid)).toBe(1);
    const bookingRequests = 'http_requests_total{method="POST",route="/api/create-booking-payment",status="201"}';
    expect(valueOf(after, bookingRequests)).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^http_request_duration_seconds_bucket\{.*route="\/api\/create-booking-payment"/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(after).toMatch(/^mail_outbox_depth \d+/m);
    expect(after).toMatch(/^mail_outbox_oldest_age_seconds \d+/m);
    if (kind === 'postgres') expect(after).toMatch(/^db_pool_clients\{state="total"\} \d+/m);
  });

  it('without METRICS_TOKEN, only this machine asking directly may read them', async () => {
    t = await openTestApp(kind);
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t!.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await get('127.0.0.1')).statusCode).toBe(200);
    const outsider = await get('203.0.113.9');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error.code).toBe('forbidden');
    expect(outsider.body).not.toContain('http_requests_total');
    // Through nginx the socket is 127.0.0.1 too, but the proxy says whom it forwards.
    expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
  });

  it('with METRICS_TOKEN, every address needs the bearer token', async () => {
    t = await openTestApp(kind, { config: { METRICS_TOKEN: 'scrape-me-please-0123' } });
    const get = (remoteAddress: string, authorization?: string) =>
      t!.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress,
        headers: authorization ? { authorization } : {},
      });
    const loopbackWithout = await get('127.0.0.1');
    expect(loopbackWithout.statusCode).toBe(401);
    expect(loopbackWithout.json().error.code).toBe('metrics_token_required');
    expect(loopbackWithout.headers['www-authenticate']).toContain('Bearer');
    expect((await get('203.0.113.9', 'Bearer wrong-token')).statusCode).toBe(401);
    expect((await get('203.0.113.9', 'Bearer scrape-me-please-0123')).statusCode).toBe(200);
  });

  it('readiness is ok on a healthy process, and names each cause when it is not', async () => {
    t = await openTestApp(kind);
    const ready = async () => {
      const res = await t!.app.inject({ method: 'GET', url: '/api/health/ready' });
      return { status: res.statusCode, body: res.json() };
    };
    expect(await ready()).toMatchObject({ status: 200, body: { ok: true, failing: [] } });

    // A mail waiting for over 30 minutes: the SMTP relay is down or refusing.
    await t.ctx.db.execute(sql`
      insert into outbox (to_address, subject, text, status, created_at)
      values ('jo@example.com', 'Hello', 'Hello', 'pending', ${new Date(Date.now() - 31 * 60_000).toISOString()})`);
    const mail = await ready();
    expect(mail.status).toBe(503);
    expect(mail.body.failing).toEqual(['mail']);
    expect(mail.body.checks.mail).toMatchObject({ ok: false, waiting: 1, oldestMinutes: 31 });
    await t.ctx.db.execute(sql`update outbox set status = 'sent'`);
    expect((await ready()).status).toBe(200);

    // A job that should run every minute and last ran two hours ago.
    t.ctx.jobs.expect('test-job', 60_000, new Date(Date.now() - 2 * 3_600_000));
    const jobs = await ready();
    expect(jobs.status).toBe(503);
    expect(jobs.body.failing).toEqual(['jobs']);
    expect(jobs.body.checks.jobs.late).toEqual([{ job: 'test-job', lateMinutes: 119 }]);
    t.ctx.jobs.ran('test-job', new Date());
    expect((await ready()).status).toBe(200);
  });

  it('readiness fails with "database" when the database cannot be reached', async () => {
    const database = await openTestDatabase(kind);
    const { app } = await buildApp({ db: database.db, config: testConfig(), webRoot: '/nonexistent' });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      await database.close(); // the connection is gone, as when the database server stops
      const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, failing: ['database'], checks: { database: { ok: false } } });
    } finally {
      await app.close();
    }
  });
});
