import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCatalogue } from '../../shared/catalogue';
import type { OutboxResponse } from '../../shared/contracts/admin-outbox';
import type { BookingStatus } from '../../shared/contracts/booking';
import { whatToBringOf } from '../../shared/visit-rules';
import { buildApp } from '../app';
import { seedVisitRulesDocument } from '../catalogue/seed-data';
import { requestAs } from '../catalogue/testing/admin-fixtures';
import { publicUrlOf } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { bookingLines, bookings, outbox } from '../db/schema';
import { myBookingsUrl } from '../families/my-bookings-link';
import { getAppSecret } from '../security/app-secret';
import { signInAs, staffRequest } from '../testing/staff-fixtures';
import { testConfig } from '../testing/test-config';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { reminderKey } from './booking-mails';
import { cancelUrl } from './confirm-booking';
import { createReminderJob, sendVisitReminders } from './visit-reminders';

/** A booking row as the booking flow leaves it (two children and an adult), in the state the test needs. */
async function insertBooking(
  db: Db,
  v: { visitDate: string; status?: BookingStatus; email?: string; name?: string },
): Promise<{ id: string; ticketToken: string; reference: string }> {
  const ticketToken = randomUUID();
  const reference = `PTB-${randomUUID().slice(0, 6).toUpperCase()}`;
  const [row] = await db
    .insert(bookings)
    .values({
      reference,
      status: v.status ?? 'confirmed',
      customerName: v.name ?? 'Rosa Reminder',
      customerEmail: v.email ?? 'rosa@example.com',
      customerPhone: '07700 900777',
      visitDate: v.visitDate,
      sessionId: 'morning',
      loyaltyOptIn: false,
      places: 2,
      originalPence: 2100,
      finalPence: 2100,
      ticketToken,
    })
    .returning({ id: bookings.id });
  await db.insert(bookingLines).values([
    { bookingId: row!.id, ticketTypeId: 'child-1-12', quantity: 2, unitPricePence: 950 },
    { bookingId: row!.id, ticketTypeId: 'adult', quantity: 1, unitPricePence: 200 },
  ]);
  return { id: row!.id, ticketToken, reference };
}

/** The reminder rows in the outbox for these bookings (at most one each: the dedupe key is unique). */
const remindersFor = (db: Db, ids: string[]) =>
  ids.length
    ? db
        .select()
        .from(outbox)
        .where(inArray(outbox.dedupeKey, ids.map(reminderKey)))
    : Promise.resolve([]);

describe.each(testDbKinds)('day-before visit reminders on %s', (kind) => {
  let database: Database & { url?: string };
  let clock = new Date();
  let app: Awaited<ReturnType<typeof buildApp>>;
  let job: ReturnType<typeof createReminderJob>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The job as app.ts starts it: its clock is ctx.now, which the test moves.
    app = await buildApp({ db: database.db, config: testConfig(), now: () => clock, webRoot: '/none' });
    job = createReminderJob(app.ctx, app.app.log);
  });
  afterAll(async () => {
    await app?.app.close();
    await database?.close();
  });
  const run = async (at: string) => {
    clock = new Date(at);
    await job.runOnce();
  };
  const db = () => database.db;

  it('sends nothing before 17:00 London time, then one per confirmed booking for tomorrow only', async () => {
    // Thursday 11 June 2026 (BST): 17:00 in London is 16:00 UTC. Visits on Friday 12 June are tomorrow.
    const due = [
      await insertBooking(db(), { visitDate: '2026-06-12', email: 'due-1@example.com' }),
      await insertBooking(db(), { visitDate: '2026-06-12', email: 'due-2@example.com' }),
    ];
    const notDue = await Promise.all([
      ...(['cancelled', 'refunded', 'pending', 'processing', 'failed', 'expired'] as const).map((status) =>
        insertBooking(db(), { visitDate: '2026-06-12', status, email: `${status}@example.com` }),
      ),
      insertBooking(db(), { visitDate: '2026-06-11', email: 'today@example.com' }),
      insertBooking(db(), { visitDate: '2026-06-13', email: 'day-after@example.com' }),
    ]);
    await run('2026-06-11T15:59:59Z'); // 16:59:59 in London
    expect(
      await remindersFor(
        db(),
        [...due, ...notDue].map((b) => b.id),
      ),
    ).toEqual([]);

    await run('2026-06-11T16:00:00Z'); // 17:00 in London, still 16:00 on a UTC clock
    const sent = await remindersFor(
      db(),
      [...due, ...notDue].map((b) => b.id),
    );
    expect(sent.map((m) => m.toAddress).sort()).toEqual(['due-1@example.com', 'due-2@example.com']);
    expect(sent.every((m) => m.template === 'booking-reminder' && m.status === 'pending')).toBe(true);

    // Later runs that evening, and the same run twice at once in one process, add nothing.
    await run('2026-06-11T16:05:00Z');
    await Promise.all([job.runOnce(), job.runOnce()]);
    await run('2026-06-11T22:59:00Z');
    expect(
      await remindersFor(
        db(),
        [...due, ...notDue].map((b) => b.id),
      ),
    ).toHaveLength(2);
  });

  it('reminds a booking made after 17:00 for tomorrow on the next run, and never a cancelled one', async () => {
    // Winter (GMT): 17:00 in London is 17:00 UTC. Tuesday 12 January 2027; visits on Wednesday 13 January.
    const early = await insertBooking(db(), { visitDate: '2027-01-13', email: 'early@example.com' });
    const cancelledFirst = await insertBooking(db(), { visitDate: '2027-01-13', email: 'cancel@example.com' });
    await run('2027-01-12T16:59:00Z');
    expect(await remindersFor(db(), [early.id])).toEqual([]);
    await db()
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(inArray(bookings.id, [cancelledFirst.id]));
    await run('2027-01-12T17:00:00Z');
    expect(await remindersFor(db(), [early.id, cancelledFirst.id])).toHaveLength(1);

    const late = await insertBooking(db(), { visitDate: '2027-01-13', email: 'late@example.com' });
    await run('2027-01-12T19:30:00Z');
    expect((await remindersFor(db(), [early.id, late.id, cancelledFirst.id])).map((m) => m.toAddress).sort()).toEqual([
      'early@example.com',
      'late@example.com',
    ]);
    // After midnight "tomorrow" is the day after: nothing more for the 13th, nothing yet for the 14th.
    const nextDay = await insertBooking(db(), { visitDate: '2027-01-14', email: 'next@example.com' });
    await run('2027-01-13T00:10:00Z');
    expect(await remindersFor(db(), [early.id, late.id, cancelledFirst.id, nextDay.id])).toHaveLength(2);
  });

  it('carries the ticket QR, the session, what to bring, the cancel and My Bookings links', async () => {
    const b = await insertBooking(db(), { visitDate: '2027-02-03', email: 'content@example.com', name: 'Rosa Red' });
    await run('2027-02-02T17:00:00Z');
    const [mail] = await remindersFor(db(), [b.id]);
    expect(mail).toMatchObject({ toAddress: 'content@example.com', dedupeKey: `booking-reminder:${b.id}` });
    expect(mail!.subject).toBe(`See you tomorrow: ${b.reference} - Play Time Barn`);
    expect(mail!.text).toContain('Hello Rosa,');
    expect(mail!.text).toContain('When: Wednesday 3 February 2027, 9:30 AM - 11:30 AM');
    expect(mail!.text).toContain('Tickets: 2 x Children 1-12 years, 1 x Adults');
    expect(mail!.text).toContain('What to bring:');
    for (const item of whatToBringOf(seedVisitRulesDocument)) expect(mail!.text).toContain(`- ${item}`);
    expect(mail!.text).toMatch(/Grip socks/);

    const secret = await getAppSecret(db());
    const origin = publicUrlOf(app.ctx);
    const cancel = cancelUrl(origin, secret, b.id);
    const myBookings = myBookingsUrl(origin, secret, b.id);
    expect(mail!.text).toContain(`Open your booking here: ${cancel}`);
    expect(mail!.text).toContain(`All your bookings, tickets and session credits: ${myBookings}`);
    expect(mail!.html).toContain(`href="${cancel.replace(/&/g, '&amp;')}"`);
    expect(mail!.html).toContain('cid:ticket-qr');

    const qr = mail!.attachments.find((a) => a.cid === 'ticket-qr')!;
    expect(qr).toMatchObject({ filename: 'ticket-qr.png', contentType: 'image/png' });
    const png = PNG.sync.read(Buffer.from(qr.content, 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(b.ticketToken);

    // Staff reading the outbox see the mail with both links hidden; the family's copy keeps them.
    const req = staffRequest(app.app, (await signInAs(app.app, app.ctx)).cookie);
    const { mails } = (await req('GET', '/api/admin/outbox')).json() as OutboxResponse;
    const shown = mails.find((m) => m.to === 'content@example.com')!;
    expect(shown.subject).toBe(mail!.subject);
    expect(shown.text).toContain("Can't come after all? Open your booking here: [hidden]");
    expect(shown.text).toContain('All your bookings, tickets and session credits: [hidden]');
    expect(shown.text).not.toContain('token=');
    expect(shown.text).not.toContain('signin=');
    expect(JSON.stringify(mails)).not.toContain(cancel);
  });

  it('lists what to bring as the admin last edited it, and the parking line from the edited charges', async () => {
    const admin = requestAs(app.app, (await signInAs(app.app, app.ctx, { role: 'admin' })).cookie);
    const { visitRules } = (await admin('GET', '/api/admin/catalogue')).json() as AdminCatalogue;
    const edit = await admin('PATCH', '/api/admin/catalogue/visit-rules', {
      version: visitRules.version,
      whatToBring: ['Wellies for the mud kitchen', 'A <b>towel</b> for the splash zone'],
      parking: { freeHours: 3, chargePence: 500, chargePeriodHours: 1 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const b = await insertBooking(db(), { visitDate: '2027-03-04', email: 'edited@example.com' });
    await run('2027-03-03T17:00:00Z');
    const [mail] = await remindersFor(db(), [b.id]);
    const listed = mail!.text.split('What to bring:\n')[1]!.split('\n\n')[0];
    expect(listed).toBe(
      [
        '- Wellies for the mud kitchen',
        '- A <b>towel</b> for the splash zone',
        "- Your car's number plate if you drive: the first 3 hours of parking are free.",
      ].join('\n'),
    );
    expect(mail!.text).not.toContain('Grip socks');
    expect(mail!.html).toContain('<li>A &lt;b&gt;towel&lt;/b&gt; for the splash zone</li>');
  });
});

describe.each(testDbKinds)('day-before reminders in two processes at once on %s', (kind) => {
  let first: Database & { url?: string };
  let second: Database;
  beforeAll(async () => {
    first = await openTestDatabase(kind);
    // A second process: its own connection pool on the same PostgreSQL (PGlite is one process's database).
    second = kind === 'postgres' ? await openDatabase({ databaseUrl: first.url! }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
  });

  it('queues each booking exactly one reminder, however the runs overlap', async () => {
    const N = 40;
    const ids: string[] = [];
    for (let i = 0; i < N; i++) ids.push((await insertBooking(first.db, { visitDate: '2026-03-06' })).id);
    await insertBooking(first.db, { visitDate: '2026-03-06', status: 'cancelled' });
    const now = new Date('2026-03-05T17:00:00Z');
    const publicUrl = 'https://playtimebarn.example';
    const started = performance.now();
    const [a, b] = await Promise.all([
      sendVisitReminders({ db: first.db, now, publicUrl, batch: 7 }),
      sendVisitReminders({ db: second.db, now, publicUrl, batch: 7 }),
    ]);
    console.log(`[${kind}] two processes, ${N} reminders: ${Math.round(performance.now() - started)} ms`, a, b);
    expect(a.queued + b.queued).toBe(N);
    const rows = await remindersFor(first.db, ids);
    expect(rows).toHaveLength(N);
    expect(new Set(rows.map((r) => r.dedupeKey))).toEqual(new Set(ids.map(reminderKey)));
    // A third run finds nothing left to do.
    expect(await sendVisitReminders({ db: first.db, now, publicUrl })).toEqual({ queued: 0 });
  });

  it('two app instances running the job twice each, and one started with the server, send each once', async () => {
    let clock = new Date('2026-03-09T16:30:00Z'); // Monday, before 17:00
    const apps = await Promise.all(
      [first, second].map((d) =>
        buildApp({
          db: d.db,
          config: testConfig({ REMINDER_INTERVAL_MS: '20' }),
          now: () => clock,
          webRoot: '/none',
        }),
      ),
    );
    try {
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) ids.push((await insertBooking(first.db, { visitDate: '2026-03-10' })).id);
      const jobs = apps.map((x) => createReminderJob(x.ctx, x.app.log));
      await Promise.all(jobs.map((j) => j.runOnce()));
      expect(await remindersFor(first.db, ids)).toEqual([]);
      clock = new Date('2026-03-09T17:00:00Z');
      await Promise.all([...jobs, ...jobs].map((j) => j.runOnce()));
      await Promise.all(jobs.map((j) => j.runOnce()));
      expect(await remindersFor(first.db, ids)).toHaveLength(25);

      // The job app.ts starts with the other jobs (startJobs): it runs on its own, every REMINDER_INTERVAL_MS.
      const late = await insertBooking(first.db, { visitDate: '2026-03-10', email: 'started@example.com' });
      const server = await buildApp({
        db: first.db,
        config: testConfig({ REMINDER_INTERVAL_MS: '20' }),
        now: () => clock,
        webRoot: '/none',
        startJobs: true,
      });
      try {
        const deadline = Date.now() + 10_000;
        while ((await remindersFor(first.db, [late.id])).length === 0 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 25));
      } finally {
        await server.app.close();
      }
      expect(await remindersFor(first.db, [late.id])).toHaveLength(1);
      expect(await remindersFor(first.db, [...ids, late.id])).toHaveLength(26);
    } finally {
      await Promise.all(apps.map((x) => x.app.close()));
    }
  });
});
