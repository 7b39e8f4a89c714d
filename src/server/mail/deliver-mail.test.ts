import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { outbox } from '../db/schema';
import type { Database } from '../db/client';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { startSmtpSink } from '../testing/smtp-sink';
import { createTransport, deliverDueMail } from './deliver-mail';
import { enqueueMail } from './enqueue-mail';

const silentLog = { info: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
const from = 'Play Time Barn <hello@playtimebarn.co.uk>';

describe.each(testDbKinds)('mail outbox on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('queues while SMTP is down and delivers each mail exactly once when it is back', async () => {
    const { db } = database;
    const sink = await startSmtpSink();
    const port = sink.port;
    await sink.close(); // SMTP is down
    for (let i = 0; i < 3; i++)
      await enqueueMail(db, {
        template: 'test',
        to: `family${i}@example.com`,
        subject: `Booking ${i}`,
        text: 'Hello',
        dedupeKey: `k-${kind}-${i}`,
      });
    await enqueueMail(db, {
      template: 'test',
      to: 'family0@example.com',
      subject: 'Booking 0',
      text: 'Hello',
      dedupeKey: `k-${kind}-0`,
    }); // same key: no second mail

    const transport = createTransport(`smtp://127.0.0.1:${port}`);
    const down = await deliverDueMail({ db, transport, from, log: silentLog });
    expect(down).toEqual({ claimed: 3, sent: 0 });
    const waiting = await db.select().from(outbox);
    expect(waiting.every((m) => m.status === 'pending' && m.attempts === 1 && m.lastError)).toBe(true);

    const back = await startSmtpSink(port);
    try {
      // Retries are due later; make them due now rather than waiting for the backoff.
      await db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      const up = await deliverDueMail({ db, transport, from, log: silentLog });
      expect(up.sent).toBe(3);
      expect(await deliverDueMail({ db, transport, from, log: silentLog })).toEqual({ claimed: 0, sent: 0 });
      expect(back.received.map((m) => m.to).sort()).toEqual([
        'family0@example.com',
        'family1@example.com',
        'family2@example.com',
      ]);
      const sent = await db.select().from(outbox).where(eq(outbox.status, 'sent'));
      expect(sent).toHaveLength(3);
    } finally {
      await back.close();
    }
  });

  it('keeps mail in the outbox for staff when no SMTP server is configured, logging its template only', async () => {
    const { db } = database;
    await enqueueMail(db, {
      template: 'loyalty-redemption-code',
      to: 'kept@example.com',
      subject: 'Your Play Time Rewards code: 482913',
      text: 'Your code is: 482913',
      secrets: ['482913'],
    });
    const logged: unknown[][] = [];
    const log = { info: (...args: unknown[]) => logged.push(args), warn: () => {} } as unknown as FastifyBaseLogger;
    await deliverDueMail({ db, transport: null, from, log });
    const [row] = await db.select().from(outbox).where(eq(outbox.toAddress, 'kept@example.com'));
    expect(row?.status).toBe('kept');
    expect(logged).toHaveLength(1);
    expect(logged[0]![0]).toMatchObject({ template: 'loyalty-redemption-code' });
    expect(JSON.stringify(logged)).not.toMatch(/482913|Rewards code|kept@example\.com/);
    // The family's copy is whole; the staff copy hides the code.
    expect(row).toMatchObject({
      subject: 'Your Play Time Rewards code: 482913',
      staffSubject: 'Your Play Time Rewards code: [hidden]',
    });
    expect(row?.staffText).toBe('Your code is: [hidden]');
  });
});
