import http from 'node:http';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { openDatabase } from '../../src/server/db/client';
import { outbox } from '../../src/server/db/schema';
import { freePort, startServer, type RunningServer } from '../e2e/support/server';

/** docs/deployment.md's promise: a SIGTERMed process is gone, cleanly, within 10 s. */
const SHUTDOWN_LIMIT_MS = 10_000;

/** GET over a connection of its own (fetch would reuse a pooled keep-alive one): resolves or rejects. */
const getOnNewConnection = (url: string) =>
  new Promise<number>((resolve, reject) => {
    http.get(url, { agent: false }, (res) => resolve(res.statusCode!)).on('error', reject);
  });

/** GET over `agent`'s open keep-alive connection. */
const getOn = (agent: http.Agent, url: string) =>
  new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      })
      .on('error', reject);
  });

/** Sends SIGTERM; resolves with the exit code and how long the process took to exit. */
async function terminate(server: RunningServer): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  const code = await server.signal('SIGTERM');
  return { code, ms: Date.now() - started };
}

/** SIGTERM: a request in flight finishes; new connections are refused; the process exits cleanly. */
describe('graceful shutdown', () => {
  let graph: http.Server;
  let server: RunningServer;
  beforeAll(async () => {
    // A Graph API stand-in that takes 1.5 s, so a request is surely in flight at SIGTERM.
    const port = await freePort();
    graph = http.createServer((_req, res) => {
      setTimeout(
        () => res.end(JSON.stringify({ data: [{ message: 'Slow hello', created_time: new Date().toISOString() }] })),
        1500,
      );
    });
    await new Promise<void>((r) => graph.listen(port, '127.0.0.1', r));
    server = await startServer({
      FACEBOOK_PAGE_ID: 'p',
      FACEBOOK_ACCESS_TOKEN: 't',
      FACEBOOK_GRAPH_URL: `http://127.0.0.1:${port}`,
      FACEBOOK_TIMEOUT_MS: '5000',
    });
  });
  afterAll(async () => {
    await server?.stop();
    graph?.close();
  });

  it('finishes in-flight requests, refuses new connections and says it is not ready', async () => {
    // A client (a proxy, a monitor) with a keep-alive connection open before the signal.
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await getOn(keepAlive, `${server.url}/readyz`)).status).toBe(200);
    const inFlight = fetch(`${server.url}/api/facebook/latest`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    await new Promise((r) => setTimeout(r, 300));
    const exited = terminate(server);
    await new Promise((r) => setTimeout(r, 200));
    await expect(getOnNewConnection(`${server.url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
    // Asked on the open connection, it says it is shutting down, and closes that connection.
    const ready = await getOn(keepAlive, `${server.url}/readyz`);
    expect(ready).toMatchObject({ status: 503, connection: 'close' });
    expect(JSON.parse(ready.body)).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const done = await inFlight;
    expect(done.status).toBe(200);
    expect(done.body.post.text).toBe('Slow hello');
    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(SHUTDOWN_LIMIT_MS);
    keepAlive.destroy();
  });
});

/**
 * An SMTP server whose DATA answer waits `replyAfterMs` (never, with Infinity): SIGTERM lands mid-send.
 * `sending` resolves when the first message's body has arrived.
 */
async function startSlowSmtp(replyAfterMs: number) {
  let began: () => void;
  const sending = new Promise<void>((r) => (began = r));
  const delivered: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        began();
        if (replyAfterMs === Infinity) return; // hangs, as a broken mail server can
        setTimeout(() => {
          delivered.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        }, replyAfterMs);
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((r) => smtp.server.listen(port, '127.0.0.1', r));
  return { url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, sending, delivered, smtp };
}

/** SIGTERM while the mail worker is sending: the job's run is waited for (bounded), not cut. */
describe('graceful shutdown drains the background jobs', () => {
  let server: RunningServer | undefined;
  let smtp: Awaited<ReturnType<typeof startSlowSmtp>> | undefined;
  afterEach(async () => {
    await server?.stop();
    await new Promise<void>((r) => (smtp ? smtp.smtp.close(() => r()) : r()));
  });

  /** Books and pays one visit, so a confirmation mail is queued and the worker (woken) sends it. */
  async function bookAndPay(url: string, email: string) {
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    };
    const created = await post('/api/create-booking-payment', {
      customerName: 'Jo Bloggs',
      customerEmail: email,
      customerPhone: '07700 900123',
      selectedDate: addDays(todayInLondon(new Date()), 3),
      selectedTime: 'midday',
      agreeToTerms: true,
      ticketQuantities: { 'child-1-12': 1 },
      totalAmount: 950,
      loyaltyOptIn: false,
    });
    expect(created.status).toBe(201);
    const paid = await post('/api/test-payments/confirm', {
      clientSecret: created.json.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'Jo Bloggs',
    });
    expect(paid.json.status).toBe('succeeded');
  }

  async function outboxStatusOf(dataDir: string, email: string): Promise<string[]> {
    const reader = await openDatabase({ dataDir });
    try {
      const rows = await reader.db.select().from(outbox).where(eq(outbox.toAddress, email));
      return rows.map((r) => r.status);
    } finally {
      await reader.close();
    }
  }

  it('finishes the mail being sent, marks it sent and exits 0 within 10 s', async () => {
    smtp = await startSlowSmtp(2_000);
    server = await startServer({ SMTP_URL: smtp.url, RATE_LIMITS: 'off' });
    await bookAndPay(server.url, 'drain-mail@example.com');
    await smtp.sending;
    const { code, ms } = await terminate(server);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(SHUTDOWN_LIMIT_MS);
    expect(ms).toBeGreaterThan(1_000); // it waited for the SMTP server's answer
    expect(smtp.delivered).toEqual(['drain-mail@example.com']);
    expect(await outboxStatusOf(server.dataDir, 'drain-mail@example.com')).toEqual(['sent']);
    console.log(`graceful-shutdown: SIGTERM mid-send, the mail was sent and the process exited 0 in ${ms} ms`);
  }, 60_000);

  it('gives up on a send that hangs, still exits 0 within 10 s, and leaves the mail queued', async () => {
    smtp = await startSlowSmtp(Infinity);
    server = await startServer({ SMTP_URL: smtp.url, RATE_LIMITS: 'off' });
    await bookAndPay(server.url, 'drain-hang@example.com');
    await smtp.sending;
    const { code, ms } = await terminate(server);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(SHUTDOWN_LIMIT_MS);
    // Not sent, not lost: still pending, so the next process's worker sends it once its claim lapses.
    expect(await outboxStatusOf(server.dataDir, 'drain-hang@example.com')).toEqual(['pending']);
    console.log(`graceful-shutdown: SIGTERM during a hung send, the process exited 0 in ${ms} ms`);
  }, 60_000);
});
