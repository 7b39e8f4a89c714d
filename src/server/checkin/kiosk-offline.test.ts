import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveSessionsResponse } from '../../shared/contracts/admin';
import { SYNC_BATCH_MAX, type DayList, type SyncInput } from '../../shared/contracts/kiosk-offline';
import { auditLog, checkIns, kioskOfflineCheckIns } from '../db/schema';
import { auditRows, signInAs } from '../testing/staff-fixtures';
import { openTestApp } from '../testing/test-app';
import { testDbKinds } from '../testing/test-database';
import { oneChildBooking } from '../bookings/testing/booking-fixtures';
import { ticketHash } from './day-list';
import { bookTicket, kioskPost, ticketCodes } from './testing/kiosk-fixtures';

const TODAY = '2025-10-20';
const START = new Date('2025-10-20T07:00:00Z'); // Monday 08:00 BST
const ADMITTED = '2025-10-20T06:55:00.000Z'; // 07:55 BST, before the app's clock

const signedPart = (l: DayList): SyncInput['list'] => ({
  v: l.v,
  device: l.device,
  day: l.day,
  issuedAt: l.issuedAt,
  digest: l.digest,
  signature: l.signature,
});

describe.each(testDbKinds)('the kiosk offline: day list and sync (%s)', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let clock = START;
  let kioskA: string;
  let kioskB: string;
  let staff: string;
  let jess: { id: string; reference: string; token: string };
  let alex: { id: string; reference: string; token: string };
  let solo: { id: string; reference: string; token: string };
  let tomorrow: { id: string; reference: string; token: string };

  const dayList = async (cookie: string | undefined) =>
    t.app.inject({ method: 'GET', url: '/api/check-in/day-list', headers: cookie ? { cookie } : {} });
  const listOf = async (cookie: string): Promise<DayList> => {
    const res = await dayList(cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().list as DayList;
  };
  const sync = (cookie: string | undefined, body: unknown) => kioskPost(t.app, cookie, '/api/check-in/sync', body);
  const item = (list: DayList, token: string, id: string = randomUUID()) => ({
    id,
    ticket: ticketHash(list.hashKey, token),
    admittedAt: ADMITTED,
  });
  const writes = async () => [
    (await t.ctx.db.select({ n: count() }).from(checkIns))[0]!.n,
    (await t.ctx.db.select({ n: count() }).from(kioskOfflineCheckIns))[0]!.n,
    (await t.ctx.db.select({ n: count() }).from(auditLog))[0]!.n,
  ];

  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => clock });
    kioskA = (await signInAs(t.app, t.ctx, { kiosk: true, username: 'tablet-a' })).cookie;
    kioskB = (await signInAs(t.app, t.ctx, { kiosk: true, username: 'tablet-b' })).cookie;
    staff = (await signInAs(t.app, t.ctx)).cookie;
    const book = async (overrides: Parameters<typeof bookTicket>[1]) => {
      const id = await bookTicket(t.app, overrides);
      return { id, ...(await ticketCodes(t.ctx.db, id)) };
    };
    jess = await book({ customerName: 'Jess Parent', customerEmail: 'jess@example.com', selectedDate: TODAY });
    alex = await book({ customerName: 'Alex Brown', customerEmail: 'alex@example.com', selectedDate: TODAY });
    solo = await book(oneChildBooking('solo@example.com', TODAY));
    tomorrow = await book({ customerName: 'Tom Morrow', customerEmail: 'tom@example.com', selectedDate: '2025-10-21' });
  });
  afterAll(() => t?.close());

  it('gives a kiosk device the day list: hashes and counts, no name, e-mail, phone, reference or code', async () => {
    // Alex's family accepted the visit agreement in force online (issue 39); Jess's has not.
    await t.ctx.db.execute(sql`
      insert into agreement_acceptances (email, version, full_name, child_ids, child_names, accepted_via)
      select 'alex@example.com', max(version), 'Alex Brown', '{}', '{}', 'online' from agreement_versions`);
    const list = await listOf(kioskA);
    expect(list.day).toBe(TODAY);
    expect(list.expiresAt).toBe('2025-10-20T23:00:00.000Z'); // midnight BST
    expect(list.tickets).toHaveLength(3);
    const jessHash = ticketHash(list.hashKey, jess.token);
    expect(list.tickets.find((x) => x.hash === jessHash)).toEqual({
      hash: jessHash,
      session: 0,
      children: 2,
      adults: 1,
      checkedIn: 0,
      agreement: 'missing',
    });
    expect(list.tickets.find((x) => x.hash === ticketHash(list.hashKey, alex.token))?.agreement).toBe('signed');
    expect(list.sessions[0]).toEqual({ id: 'morning', label: '9:30 AM - 11:30 AM' });
    expect(list.otherDays).toEqual([{ hash: ticketHash(list.hashKey, tomorrow.token), day: '2025-10-21' }]);
    const text = JSON.stringify(list).toLowerCase();
    for (const b of [jess, alex, solo, tomorrow]) {
      expect(text).not.toContain(b.token.toLowerCase());
      expect(text).not.toContain(b.reference.toLowerCase());
      expect(text).not.toContain(b.id);
    }
    for (const secret of ['jess', 'parent', 'alex', 'brown', 'example.com', '@', '07700', '900123'])
      expect(text).not.toContain(secret);
    // Each device hashes with its own key: the same ticket reads differently on another tablet.
    const other = await listOf(kioskB);
    expect(other.device).not.toBe(list.device);
    expect(other.tickets.map((x) => x.hash)).not.toContain(jessHash);
  });

  it('refuses the day list to staff browsers (403) and families (403)', async () => {
    for (const cookie of [staff, undefined, 'ptb_staff=not-a-real-session']) {
      const res = await dayList(cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  it('answers 401 to a sync without a kiosk session and 403 to staff, writing nothing', async () => {
    const list = await listOf(kioskA);
    const body = { list: signedPart(list), items: [item(list, jess.token)] };
    const before = await writes();
    for (const cookie of [undefined, 'ptb_staff=not-a-real-session']) {
      const res = await sync(cookie, body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('kiosk_not_enabled');
    }
    expect((await sync(staff, body)).statusCode).toBe(403);
    expect(await writes()).toEqual(before);
  });

  it('refuses a list from one device on another, and a forged or altered list, writing nothing', async () => {
    const listA = await listOf(kioskA);
    const before = await writes();
    const fromA = await sync(kioskB, { list: signedPart(listA), items: [item(listA, jess.token)] });
    expect(fromA.statusCode).toBe(403);
    expect(fromA.json().error.message).toMatch(/another kiosk/);
    const listB = await listOf(kioskB);
    const altered = [
      { ...signedPart(listB), day: '2025-10-21' },
      { ...signedPart(listB), issuedAt: new Date().toISOString() },
      { ...signedPart(listB), digest: signedPart(listA).digest },
      { ...signedPart(listB), signature: signedPart(listA).signature },
    ];
    for (const list of altered) {
      const res = await sync(kioskB, { list, items: [item(listB, jess.token)] });
      expect(res.statusCode, JSON.stringify(list)).toBe(400);
      expect(res.json().error.code).toBe('invalid_signature');
    }
    // A list whose tickets were altered on the device: a made-up hash is in no list the server made.
    const madeUp = await sync(kioskB, {
      list: signedPart(listB),
      items: [{ id: randomUUID(), ticket: 'A'.repeat(22), admittedAt: ADMITTED }],
    });
    expect(madeUp.statusCode).toBe(200);
    expect(madeUp.json().results[0]).toMatchObject({ outcome: 'refused', reason: 'not_in_list' });
    expect(await writes()).toEqual(before);
  });

  it('refuses a batch of 10,000 items, or more than the limit, and malformed items, writing nothing', async () => {
    const list = await listOf(kioskA);
    const before = await writes();
    const many = (n: number) => ({
      list: signedPart(list),
      items: Array.from({ length: n }, () => item(list, jess.token)),
    });
    const huge = await sync(kioskA, many(10_000));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('body_too_large');
    const over = await sync(kioskA, many(SYNC_BATCH_MAX + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields.items).toBeDefined();
    for (const bad of [
      { list: signedPart(list), items: [{ ...item(list, jess.token), id: 'not-a-uuid' }] },
      { list: signedPart(list), items: [{ ...item(list, jess.token), ticket: jess.token }] },
      { list: signedPart(list), items: [] },
      { items: [item(list, jess.token)] },
      'not json',
    ]) {
      const res = await sync(kioskA, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await writes()).toEqual(before);
  });

  it('applies the same batch once however often it is sent, and refuses an id reused with another ticket', async () => {
    const list = await listOf(kioskA);
    const batch = { list: signedPart(list), items: [item(list, jess.token), item(list, alex.token)] };
    const first = await sync(kioskA, batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['applied', 'applied']);
    const again = await sync(kioskA, batch);
    expect(again.json().results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'already_applied',
      'already_applied',
    ]);
    const rows = await t.ctx.db.select().from(checkIns).where(eq(checkIns.bookingId, jess.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ children: 2, adults: 1, checkedInBy: 'kiosk:Front desk tablet' });
    expect(rows[0]!.checkedInAt.toISOString()).toBe(ADMITTED);

    const before = await writes();
    const reused = await sync(kioskA, { list: signedPart(list), items: [item(list, solo.token, batch.items[0]!.id)] });
    expect(reused.json().results[0]).toMatchObject({ outcome: 'refused', reason: 'id_reused' });
    expect(await writes()).toEqual(before);
    // The day list now counts them in.
    const after = await listOf(kioskA);
    expect(after.tickets.find((x) => x.hash === ticketHash(after.hashKey, jess.token))?.checkedIn).toBe(3);
  });

  it("keeps both devices' admissions of a one-place ticket, reports 1 over, and audits each device", async () => {
    const listA = await listOf(kioskA);
    const listB = await listOf(kioskB);
    const a = await sync(kioskA, { list: signedPart(listA), items: [item(listA, solo.token)] });
    const b = await sync(kioskB, { list: signedPart(listB), items: [item(listB, solo.token)] });
    expect(a.json().results[0].outcome).toBe('applied');
    expect(b.json().results[0].outcome).toBe('over_admitted');
    const kept = await t.ctx.db.select().from(kioskOfflineCheckIns).where(eq(kioskOfflineCheckIns.bookingId, solo.id));
    expect(kept.map((r) => [r.deviceId, r.places, r.overPlaces]).sort()).toEqual(
      [
        [listA.device, 1, 0],
        [listB.device, 1, 1],
      ].sort(),
    );
    const active = await t.app.inject({ method: 'GET', url: '/api/admin/active-sessions', headers: { cookie: staff } });
    const body = active.json() as ActiveSessionsResponse;
    expect(body.overAdmissions).toEqual([
      { bookingId: solo.id, reference: solo.reference, day: TODAY, over: 1, devices: ['kiosk:Front desk tablet'] },
    ]);
    const audit = (await auditRows(t.ctx.db, solo.id)).filter((r) => r.details.offline);
    expect(audit.map((r) => [r.action, r.details.deviceId])).toEqual([
      ['checked_in', listA.device],
      ['over_admitted', listB.device],
    ]);
  });

  it('refuses item by item a batch for another day and a ticket not in the list, with reasons', async () => {
    const list = await listOf(kioskA);
    const before = await writes();
    const res = await sync(kioskA, {
      list: signedPart(list),
      items: [
        item(list, tomorrow.token),
        { ...item(list, alex.token), admittedAt: '2025-10-19T12:00:00.000Z' },
        item(list, 'a-code-nobody-was-given-0000'),
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { reason?: string }) => r.reason)).toEqual([
      'not_in_list',
      'wrong_day',
      'not_in_list',
    ]);
    // Yesterday's list, sent the next morning: every item refused as for another day.
    clock = new Date('2025-10-21T07:00:00Z');
    const late = await sync(kioskA, { list: signedPart(list), items: [item(list, alex.token)] });
    expect(late.json().results[0]).toMatchObject({ outcome: 'refused', reason: 'wrong_day' });
    expect(late.json().results[0].message).toMatch(/not today/);
    expect(await writes()).toEqual(before);
    clock = START;
  });

  it('refuses a device whose kiosk mode was ended: 401, nothing written', async () => {
    const { cookie } = await signInAs(t.app, t.ctx, { kiosk: true, username: 'tablet-c' });
    const list = await listOf(cookie);
    // Staff sign in on the tablet: kiosk mode ends.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      headers: { cookie },
      payload: { username: 'tablet-c', password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
    const before = await writes();
    const res = await sync(cookie, { list: signedPart(list), items: [item(list, solo.token)] });
    expect(res.statusCode).toBe(401);
    expect((await dayList(cookie)).statusCode).toBe(403);
    expect(await writes()).toEqual(before);
  });
});

describe('the day list for 500 tickets', () => {
  it('is under 50 KB gzipped', async () => {
    const t = await openTestApp('pglite', { now: () => START });
    try {
      const { cookie } = await signInAs(t.app, t.ctx, { kiosk: true });
      // One booking through the API, then 499 copies of it (each its own id, reference, code and lines),
      // spread over the three sessions: a busy Saturday as the server lists it.
      const first = await bookTicket(t.app, { selectedDate: TODAY });
      await t.ctx.db.execute(sql`
        insert into bookings
        select (jsonb_populate_record(null::bookings, to_jsonb(b) || jsonb_build_object(
                  'id', gen_random_uuid(),
                  -- Unique by construction (random ones collided about once in 130 runs): PTB-Z00001 ... PTB-Z00499.
                  'reference', 'PTB-Z' || lpad(n::text, 5, '0'),
                  'ticket_token', md5(random()::text || n) || md5(random()::text),
                  'session_id', (array['morning', 'midday', 'afternoon'])[1 + n % 3]))).*
          from bookings b, generate_series(1, 499) n
         where b.id = ${first}`);
      await t.ctx.db.execute(sql`
        insert into booking_lines (booking_id, ticket_type_id, quantity, unit_price_pence, unit_fee_pence)
        select b.id, l.ticket_type_id, l.quantity, l.unit_price_pence, l.unit_fee_pence
          from bookings b, booking_lines l
         where l.booking_id = ${first} and b.id <> ${first}`);
      const res = await t.app.inject({ method: 'GET', url: '/api/check-in/day-list', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect((res.json().list as DayList).tickets).toHaveLength(500);
      const gz = gzipSync(res.body).length;
      console.log(
        `day list for 500 tickets: ${(res.body.length / 1024).toFixed(1)} KB, ${(gz / 1024).toFixed(1)} KB gzipped`,
      );
      expect(gz).toBeLessThan(50 * 1024);
    } finally {
      await t.close();
    }
  });
});
