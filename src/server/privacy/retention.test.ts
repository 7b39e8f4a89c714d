import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { agreementAcceptances, familyChildren, familyProfiles, memberships } from '../db/schema';
import { openDatabase, type Database } from '../db/client';
import { insertInquiry } from '../inquiries/testing/inquiry-fixtures';
import { auditRows } from '../testing/staff-fixtures';
import { testConfig } from '../testing/test-config';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { createRetentionJob } from './retention-job';
import { runRetention } from './retention';
import { insertBooking, insertPlate, insertPurchase, insertSentMail, rowById } from './testing/privacy-fixtures';

// Saturday 10 January 2026, 10:00 in London (GMT). Every row below is made "now", then the clock moves.
const T0 = new Date('2026-01-10T10:00:00Z');
const DAY = 86_400_000;
const after = (days: number) => new Date(T0.getTime() + days * DAY);
const periods = testConfig();

describe.each(testDbKinds)('retention job on %s', (kind) => {
  let database: Database & { url?: string };
  let clock = T0;
  let job: ReturnType<typeof createRetentionJob>;
  let closeApp: () => Promise<void>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The job as app.ts starts it: its clock is ctx.now, which the test moves.
    const { app, ctx } = await buildApp({ db: database.db, config: testConfig(), now: () => clock, webRoot: '/none' });
    job = createRetentionJob(ctx, app.log);
    closeApp = () => app.close();
  });
  afterAll(async () => {
    await closeApp();
    await database.close();
  });
  const run = async (at: Date) => {
    clock = at;
    await job.runOnce();
  };
  const db = () => database.db;

  it('clears plates 30 days after the visit, not before', async () => {
    const plate = await insertPlate(db(), '2026-01-10');
    const nextDay = await insertPlate(db(), '2026-01-11');
    await run(after(29));
    expect((await rowById(db(), 'check_ins', plate))!.number_plate).toBe('OL17 VEH');
    await run(after(30));
    expect((await rowById(db(), 'check_ins', plate))!.number_plate).toBeNull();
    expect((await rowById(db(), 'check_ins', nextDay))!.number_plate).toBe('OL17 VEH');
    // The visit itself stays (who came and when is the venue's record; the car is not).
    expect((await rowById(db(), 'check_ins', plate))!.children).toBe(1);
  });

  it('anonymises unpaid, expired and failed holds after 30 days and keeps paid bookings', async () => {
    const holds = await Promise.all(
      (['pending', 'expired', 'failed'] as const).map((status) => insertBooking(db(), { status, createdAt: T0 })),
    );
    const paid = await insertBooking(db(), { status: 'confirmed', createdAt: T0 });
    const unpaidPurchase = await insertPurchase(db(), { status: 'canceled', createdAt: T0 });
    const paidPurchase = await insertPurchase(db(), { status: 'paid', createdAt: T0 });
    await run(after(29));
    expect((await rowById(db(), 'bookings', holds[0]!))!.customer_name).toBe('Olive Oldham');
    await run(after(30));
    for (const id of holds) {
      const b = (await rowById(db(), 'bookings', id))!;
      expect(b).toMatchObject({
        customer_name: 'Erased',
        customer_email: `erased+${id}@invalid`,
        customer_phone: '',
        special_requests: '',
        client_address: null,
        final_pence: 950,
      });
      expect(b.anonymised_at).not.toBeNull();
    }
    expect((await rowById(db(), 'bookings', paid))!.customer_name).toBe('Olive Oldham');
    expect((await rowById(db(), 'credit_purchases', unpaidPurchase))!).toMatchObject({
      customer_name: 'Erased',
      email: `erased+${unpaidPurchase}@invalid`,
      amount_pence: 7500,
    });
    expect((await rowById(db(), 'credit_purchases', paidPurchase))!.customer_name).toBe('Olive Oldham');
  });

  it('removes mail bodies 90 days after sending and keeps the envelope', async () => {
    const mail = await insertSentMail(db(), T0);
    await run(after(89));
    expect((await rowById(db(), 'outbox', mail))!.text).toBe('Dear Olive, see you soon.');
    await run(after(90));
    expect((await rowById(db(), 'outbox', mail))!).toMatchObject({
      text: 'Removed under our retention policy (see /privacy).',
      html: null,
      attachments: [],
      subject: 'Your booking',
      status: 'sent',
    });
  });

  it('deletes enquiries 24 months after the last contact', async () => {
    const unanswered = await insertInquiry(db(), { createdAt: T0 });
    const answered = await insertInquiry(db(), { createdAt: T0, respondedAt: after(60), responded: true });
    await run(new Date('2028-01-09T10:00:00Z'));
    expect(await rowById(db(), 'inquiries', unanswered)).toBeDefined();
    await run(new Date('2028-01-10T10:00:00Z'));
    expect(await rowById(db(), 'inquiries', unanswered)).toBeUndefined();
    // Its last contact was the reply two months later: kept until 24 months after that.
    expect(await rowById(db(), 'inquiries', answered)).toBeDefined();
    await run(new Date('2028-03-11T10:00:00Z'));
    expect(await rowById(db(), 'inquiries', answered)).toBeUndefined();
  });

  it('deletes a family profile, its children and acceptances after 3 years with no visit', async () => {
    const profile = async (email: string) => {
      await db().insert(familyProfiles).values({ email, adults: [], createdAt: T0, updatedAt: T0 });
      await db()
        .insert(familyChildren)
        .values({ email, firstName: 'Olive', dateOfBirth: '2021-03-03', notes: 'Sesame' });
      await db()
        .insert(agreementAcceptances)
        .values({
          email,
          version: 1,
          fullName: 'Olive Oldham',
          childIds: [],
          childNames: ['Olive'],
          acceptedVia: 'online',
        });
    };
    await profile('idle@example.com');
    await profile('regular@example.com');
    // The regular family visited two years on: three years are counted from that visit.
    await insertBooking(db(), { status: 'confirmed', createdAt: after(730), email: 'regular@example.com' });
    const left = async () =>
      (await db().select({ email: familyProfiles.email }).from(familyProfiles)).map((p) => p.email).sort();
    await run(after(1095)); // 9 January 2029: not yet three years
    expect(await left()).toEqual(['idle@example.com', 'regular@example.com']);
    await run(after(1096));
    expect(await left()).toEqual(['regular@example.com']);
    const children = await db().select().from(familyChildren).where(eq(familyChildren.email, 'idle@example.com'));
    const accepted = await db()
      .select()
      .from(agreementAcceptances)
      .where(eq(agreementAcceptances.email, 'idle@example.com'));
    expect([children, accepted]).toEqual([[], []]);
  });

  it('keeps the profile of a family with a live membership, however idle (issue 46)', async () => {
    const email = 'member@example.com';
    await db().insert(familyProfiles).values({ email, adults: [], createdAt: T0, updatedAt: T0 });
    await db().insert(familyChildren).values({ email, firstName: 'Mia', dateOfBirth: '2021-03-03' });
    const plan = {
      name: 'Annual Family Pass',
      period: 'annual',
      pricePence: 19900,
    } as typeof memberships.$inferInsert.plan;
    await db()
      .insert(memberships)
      .values({
        email,
        planId: 'annual-family-pass',
        plan,
        pricePence: 19900,
        period: 'annual',
        status: 'active',
        provider: 'test',
        joinedAt: T0,
        coolingOffUntil: after(14),
      });
    await run(after(1200));
    const left = await db().select().from(familyChildren).where(eq(familyChildren.email, email));
    expect(left.map((c) => c.firstName)).toEqual(['Mia']);
  });

  it('anonymises bookings and purchases at 6 years, keeping amounts and dates for the accounts', async () => {
    const booking = await insertBooking(db(), { status: 'confirmed', createdAt: T0 });
    const purchase = await insertPurchase(db(), { status: 'paid', createdAt: T0 });
    await run(new Date('2032-01-09T10:00:00Z'));
    expect((await rowById(db(), 'bookings', booking))!.customer_name).toBe('Olive Oldham');
    await run(new Date('2032-01-10T10:00:00Z'));
    expect((await rowById(db(), 'bookings', booking))!).toMatchObject({
      customer_name: 'Erased',
      customer_phone: '',
      final_pence: 950,
      status: 'confirmed',
      visit_date: '2026-01-10',
    });
    expect((await rowById(db(), 'credit_purchases', purchase))!).toMatchObject({
      customer_name: 'Erased',
      amount_pence: 7500,
    });
    const audit = (await auditRows(db())).filter((a) => a.action === 'retention_applied');
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.every((a) => a.actor === 'system')).toBe(true);
  });
});

describe.each(testDbKinds)('retention in two processes at once on %s', (kind) => {
  let first: Database & { url?: string };
  let second: Database;
  beforeAll(async () => {
    first = await openTestDatabase(kind);
    // A second process: its own connection pool on the same PostgreSQL (PGlite is one process's database).
    second = kind === 'postgres' ? await openDatabase({ databaseUrl: first.url! }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  it('does each row once, in small batches, without errors', async () => {
    const N = 60;
    for (let i = 0; i < N; i++) {
      await insertPlate(first.db, '2026-01-10', `P${i}`);
      await insertBooking(first.db, { status: 'expired', createdAt: T0 });
      await insertSentMail(first.db, T0);
    }
    const now = after(120);
    const started = performance.now();
    const [a, b] = await Promise.all([
      runRetention({ db: first.db, now, periods, batch: 7 }),
      runRetention({ db: second.db, now, periods, batch: 7 }),
    ]);
    console.log(`[${kind}] two processes, ${N} rows of each kind: ${Math.round(performance.now() - started)} ms`, a, b);
    expect(a.plates + b.plates).toBe(N);
    expect(a.holds + b.holds).toBe(N);
    expect(a.mailBodies + b.mailBodies).toBe(N);
    // A third run finds nothing left to do.
    expect(await runRetention({ db: first.db, now, periods })).toEqual({
      plates: 0,
      holds: 0,
      bookings: 0,
      creditPurchases: 0,
      enquiries: 0,
      mailBodies: 0,
      parties: 0,
      partyInvitations: 0,
      giftVouchers: 0,
      familyProfiles: 0,
      memberships: 0,
    });
  });
});
