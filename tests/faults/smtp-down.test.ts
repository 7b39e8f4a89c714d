import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLondon } from '../../src/shared/dates';
import { openDatabase } from '../../src/server/db/client';
import { outbox } from '../../src/server/db/schema';
import { startSmtpSink } from '../../src/server/testing/smtp-sink';
import { openTestDatabase, testDbKinds } from '../../src/server/testing/test-database';
import { freePort, startServer, type RunningServer } from '../e2e/support/server';

/**
 * Issue 6, faults: the SMTP server is down while families book and pay through the real server process.
 * Bookings still confirm (the mails wait in the outbox); once SMTP is back, every confirmation mail is
 * delivered exactly once. Short worker interval and retry delay so the test takes seconds, not minutes.
 * On PostgreSQL (TEST_DATABASE_URL) two server processes share the outbox: still exactly once.
 */
const N = 12;

async function waitFor(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(testDbKinds)('SMTP down during bookings (%s)', (kind) => {
  let smtpPort: number;
  let servers: RunningServer[] = [];
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    smtpPort = await freePort(); // nothing listens here yet: SMTP is down
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      MAIL_INTERVAL_MS: '250',
      MAIL_RETRY_BASE_SECONDS: '1',
      // One test client stands for N families: the per-address cap on unpaid holds would refuse the 4th.
      RATE_LIMITS: 'off',
    };
    if (kind === 'postgres') {
      database = await openTestDatabase('postgres');
      servers = await Promise.all([0, 1].map(() => startServer({ ...env, DATABASE_URL: database!.url! })));
    } else servers = [await startServer(env)];
  }, 90_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  let turn = 0;
  const post = async (path: string, body: unknown) => {
    const server = servers[turn++ % servers.length]!;
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  };
  /** Mail ids the servers logged a failed delivery for (pino JSON lines at warn). */
  const failedMailIds = () =>
    new Set(
      servers
        .flatMap((s) => s.output().split('\n'))
        .filter((l) => l.includes('mail delivery failed'))
        .map((l) => (JSON.parse(l) as { mailId: string }).mailId),
    );

  it('queues confirmation mails while SMTP is down and delivers each exactly once when it is back', async () => {
    const date = addDays(todayInLondon(new Date()), 3);
    const emails = Array.from({ length: N }, (_, i) => `smtpdown${i}@example.com`);
    const results = await Promise.all(
      emails.map(async (customerEmail) => {
        const created = await post('/api/create-booking-payment', {
          customerName: 'Jo Bloggs',
          customerEmail,
          customerPhone: '07700 900123',
          selectedDate: date,
          selectedTime: 'midday',
          agreeToTerms: true,
          ticketQuantities: { 'child-1-12': 1 },
          totalAmount: 950,
          loyaltyOptIn: false,
        });
        expect(created.status).toBe(201);
        return post('/api/test-payments/confirm', {
          clientSecret: created.json.clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expiry: '12/34',
          cvc: '123',
          name: 'Jo Bloggs',
        });
      }),
    );
    // Booking does not depend on mail: every payment confirmed while SMTP was down.
    expect(results.map((r) => r.json.status)).toEqual(emails.map(() => 'succeeded'));
    await waitFor(`${N} failed deliveries`, () => failedMailIds().size >= N);

    const sink = await startSmtpSink(smtpPort);
    try {
      await waitFor('every confirmation mail', () => emails.every((e) => sink.received.some((m) => m.to === e)));
      // Several more worker runs (and retry deadlines) pass: nothing is sent twice.
      await new Promise((r) => setTimeout(r, 2_500));
      const perRecipient = Object.fromEntries(emails.map((e) => [e, sink.received.filter((m) => m.to === e).length]));
      expect(perRecipient).toEqual(Object.fromEntries(emails.map((e) => [e, 1])));
      expect(sink.received.every((m) => m.subject.startsWith('Booking confirmed: '))).toBe(true);
      console.log(
        `smtp-down (${kind}, ${servers.length} process(es)): ${N} bookings confirmed with SMTP down, ${failedMailIds().size} mails failed at first, ${sink.received.length} delivered once it was back`,
      );
    } finally {
      await sink.close();
    }

    // The outbox agrees: every message sent, none still pending.
    await Promise.all(servers.map((s) => s.halt()));
    const reader = database ?? (await openDatabase({ dataDir: servers[0]!.dataDir }));
    try {
      const rows = await reader.db.select().from(outbox);
      expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
      expect(rows).toHaveLength(sink.received.length);
    } finally {
      if (!database) await reader.close();
    }
  }, 90_000);
});
