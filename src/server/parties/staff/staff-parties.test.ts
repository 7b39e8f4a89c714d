import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  partyWeekResponseSchema,
  staffPartySheetResponseSchema,
  type PartyWeekResponse,
  type StaffPartySheetResponse,
} from '../../../shared/contracts/admin-parties';
import { formatPence } from '../../../shared/money';
import { catalogueOf } from '../../catalogue/catalogue-store';
import { rowsOf } from '../../db/client';
import { outbox, partyBookings, partyInvitations, payments } from '../../db/schema';
import { familyCookieFor } from '../../families/testing/family-fixtures';
import type { PaymentProvider } from '../../payments/provider';
import { auditRows, signInAs } from '../../testing/staff-fixtures';
import { openTestApp } from '../../testing/test-app';
import { testDbKinds } from '../../testing/test-database';
import { holdParty } from '../hold-party';
import type { PartyCatalogue } from '../../catalogue/party-settings';
import { liveParties, partyRequest } from '../testing/party-fixtures';

// Monday 1 June 2026, 09:00 BST: parties bookable through 1 July. Each test uses dates of its own.
const NOW = new Date('2026-06-01T08:00:00Z');

/** A provider that only refunds, and remembers each refund (any other call fails the test). */
function refundingProvider() {
  const refunds: { providerPaymentId: string; amountPence: number; idempotencyKey: string }[] = [];
  const provider = {
    name: 'test',
    refund: async (o: (typeof refunds)[number]) => {
      refunds.push(o);
      return { refundId: `re_${refunds.length}` };
    },
    createPayment: () => Promise.reject(new Error('no payments here')),
    retrievePayment: () => Promise.reject(new Error('no payments here')),
  } as PaymentProvider;
  return { provider, refunds };
}

describe.each(testDbKinds)('the staff Parties tab on %s', (kind) => {
  let t: Awaited<ReturnType<typeof openTestApp>>;
  let catalogue: PartyCatalogue;
  let cookies: { admin: string; staff: string; kiosk: string; family: string };
  const fake = refundingProvider();
  beforeAll(async () => {
    t = await openTestApp(kind, { now: () => NOW, payments: fake.provider });
    catalogue = await catalogueOf(t.ctx.db);
    cookies = {
      admin: (await signInAs(t.app, t.ctx, { role: 'admin', username: 'ada' })).cookie,
      staff: (await signInAs(t.app, t.ctx, { role: 'staff', username: 'sam' })).cookie,
      kiosk: (await signInAs(t.app, t.ctx, { kiosk: true })).cookie,
      family: await familyCookieFor(t.ctx.db, 'family1@example.com', NOW),
    };
  });
  afterAll(() => t?.close());
  const db = () => t.ctx.db;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string | undefined, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });

  /** A held party, then (unless `held`) its deposit (and `balance`) paid through the test provider's rows. */
  async function party(
    i: number,
    over: Parameters<typeof partyRequest>[1] = {},
    pay: 'held' | 'deposit' | 'all' = 'deposit',
  ) {
    const p = await holdParty(db(), partyRequest(i, over), NOW, catalogue);
    if (pay === 'held') return p;
    const amounts = pay === 'all' ? [p.depositPence, p.totalPence - p.depositPence] : [p.depositPence];
    for (const [n, amountPence] of amounts.entries())
      await db()
        .insert(payments)
        .values({
          purpose: n === 0 ? 'party_deposit' : 'party_balance',
          partyBookingId: p.id,
          provider: 'test',
          providerPaymentId: `tp_${randomUUID()}`,
          amountPence,
          status: 'succeeded',
          createdAt: new Date(NOW.getTime() - (2 - n) * 60_000),
        });
    const paid = amounts.reduce((a, b) => a + b, 0);
    await db()
      .update(partyBookings)
      .set({ status: 'confirmed', holdExpiresAt: null, paidPence: paid })
      .where(eq(partyBookings.id, p.id));
    return { ...p, paidPence: paid };
  }

  const mailsTo = (to: string) =>
    db().select({ template: outbox.template, text: outbox.text }).from(outbox).where(eq(outbox.toAddress, to));

  it('refuses a stranger on every route: signed out 401, a kiosk 403, a family session 401', async () => {
    const p = await party(1, { date: '2026-06-22' });
    const routes: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown][] = [
      ['GET', '/api/admin/parties'],
      ['GET', `/api/admin/parties/${p.id}`],
      ['PATCH', `/api/admin/parties/${p.id}/notes`, { staffNotes: 'x', version: 1 }],
      ['POST', `/api/admin/parties/${p.id}/cancel`, { reason: 'because' }],
      ['POST', `/api/admin/parties/${p.id}/move`, { date: '2026-06-23', slotId: 'midday' }],
      ['POST', '/api/admin/parties', { ...partyRequest(9, { date: '2026-06-23' }), foodChoices: [] }],
    ];
    for (const [method, url, body] of routes) {
      const anon = await call(method, url, undefined, body);
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      expect(anon.body).not.toContain('Maisie');
      const kiosk = await call(method, url, cookies.kiosk, body);
      expect(kiosk.statusCode, `${method} ${url}`).toBe(403);
      const family = await call(method, url, cookies.family, body);
      expect(family.statusCode, `${method} ${url}`).toBe(401);
      expect(family.body).not.toContain('Maisie');
    }
    const [row] = await db().select().from(partyBookings).where(eq(partyBookings.id, p.id));
    expect(row).toMatchObject({ status: 'confirmed', staffNotes: '', partyDate: '2026-06-22', version: 1 });
    // Unknown and malformed ids.
    expect((await call('GET', `/api/admin/parties/${randomUUID()}`, cookies.staff)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/parties/not-a-uuid', cookies.staff)).statusCode).toBe(400);
  });

  it("shows a week's parties per day and slot, cancelled apart, with paid, due and the overdue balance", async () => {
    const monday = '2026-06-08';
    const due = await party(2, { date: '2026-06-06', slotId: 'morning-long' }); // Saturday before: not this week
    const overdue = await party(3, { date: '2026-06-08', slotId: 'afternoon-long' });
    const paidUp = await party(4, { date: '2026-06-08', slotId: 'morning-long' }, 'all');
    const held = await party(
      5,
      { date: '2026-06-13', slotId: 'afternoon-long', packageId: 'gold', children: 15 },
      'held',
    );
    const gone = await party(6, { date: '2026-06-13', slotId: 'midday' }, 'held');
    await call('POST', `/api/admin/parties/${gone.id}/cancel`, cookies.staff, { reason: 'Changed their minds' });
    const res = await call('GET', `/api/admin/parties?week=${monday}`, cookies.staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const week = partyWeekResponseSchema.parse(res.json()) as PartyWeekResponse;
    // The answer is what the document says: no field the schema leaves out.
    expect(week).toEqual(res.json());
    expect(week.week).toBe(monday);
    expect(week.days).toHaveLength(7);
    expect(week.rooms.map((r) => r.name)).toEqual(['Party Room 1', 'Party Room 2']);
    expect(week.parties.map((p) => p.id)).toEqual([paidUp.id, overdue.id, held.id]);
    expect(week.parties.map((p) => p.id)).not.toContain(due.id);
    expect(week.cancelled.map((p) => p.id)).toEqual([gone.id]);
    const o = week.parties[1]!;
    expect(o).toMatchObject({
      childFirstName: 'Maisie',
      childAge: 6,
      parentName: 'Parent 3',
      parentPhone: '07700 900123',
      packageName: 'Silver',
      roomName: 'Party Room 1',
      slotLabel: '1:00 PM - 4:00 PM',
      paidPence: 5000,
      duePence: overdue.totalPence - 5000,
      balanceDueDate: '2026-06-01',
      balanceOverdue: true,
    });
    expect(week.parties[0]).toMatchObject({ duePence: 0, balanceOverdue: false });
    // Held, 12 days ahead: its balance is not due yet.
    expect(week.parties[2]).toMatchObject({ status: 'held', packageName: 'Gold', balanceOverdue: false });
    // This week by default (1 June is a Monday); a day that is not a Monday is refused.
    expect((await call('GET', '/api/admin/parties', cookies.staff)).json()).toMatchObject({ week: '2026-06-01' });
    expect((await call('GET', '/api/admin/parties?week=2026-06-09', cookies.staff)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/parties?week=junk', cookies.staff)).statusCode).toBe(400);
  });

  it("prints the sheet: RSVP counts, guests' allergies, food counted with allergens, notes, payments", async () => {
    const p = await holdParty(db(), partyRequest(7, { date: '2026-06-24', children: 5 }), NOW, catalogue, {
      foodChoices: ['cheese-pizza', 'hot-dog', 'cheese-pizza', 'veggie-pasta', 'cheese-pizza'],
      dietaryNotes: 'One vegetarian',
    });
    const guest = (n: number, rsvp: 'coming' | 'not_coming' | null, name?: string, allergies?: string) => ({
      partyId: p.id,
      tokenHash: `hash-${p.id}-${n}`,
      guestEmail: `guest${n}@example.com`,
      rsvp,
      guestChildFirstName: name ?? null,
      allergies: allergies ?? null,
      respondedAt: rsvp ? NOW : null,
      sentAt: NOW,
    });
    await db()
      .insert(partyInvitations)
      .values([guest(1, 'coming', 'Olly', 'Peanuts'), guest(2, 'not_coming', 'Ava'), guest(3, null)]);
    const res = await call('GET', `/api/admin/parties/${p.id}`, cookies.staff);
    expect(res.statusCode).toBe(200);
    const { party: sheet } = staffPartySheetResponseSchema.parse(res.json()) as StaffPartySheetResponse;
    expect({ party: sheet }).toEqual(res.json());
    expect(sheet.rsvp).toEqual({ invited: 3, coming: 1, notComing: 1, noAnswer: 1 });
    expect(sheet.guests).toEqual([
      { firstName: 'Olly', rsvp: 'coming', allergies: 'Peanuts' },
      { firstName: 'Ava', rsvp: 'not_coming', allergies: '' },
    ]);
    expect(sheet.food).toEqual([
      { optionId: 'cheese-pizza', name: 'Cheese and tomato pizza', count: 3, allergens: ['gluten', 'milk'] },
      { optionId: 'veggie-pasta', name: 'Tomato pasta (vegan)', count: 1, allergens: ['gluten', 'celery'] },
      { optionId: 'hot-dog', name: 'Hot dog in a bun', count: 1, allergens: ['gluten', 'sulphites'] },
    ]);
    expect(sheet).toMatchObject({
      status: 'held',
      dietaryNotes: 'One vegetarian',
      paidPence: 0,
      duePence: p.totalPence,
      depositRuleNow: 'none',
      payments: [],
      parentEmail: 'family7@example.com',
    });
    // No guest's e-mail address reaches the sheet.
    expect(res.body).not.toContain('guest1@example.com');
  });

  it('saves notes with the version shown, audited; a stale version is a 409 that writes nothing', async () => {
    const p = await party(8, { date: '2026-06-25' });
    const ok = await call('PATCH', `/api/admin/parties/${p.id}/notes`, cookies.staff, {
      staffNotes: 'Cake at 3pm, candles in the office',
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ staffNotes: 'Cake at 3pm, candles in the office', version: 2 });
    const stale = await call('PATCH', `/api/admin/parties/${p.id}/notes`, cookies.admin, {
      staffNotes: 'Overwritten',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: { code: 'stale_version', current: { staffNotes: 'Cake at 3pm, candles in the office', version: 2 } },
    });
    const sheet = (await call('GET', `/api/admin/parties/${p.id}`, cookies.staff)).json() as StaffPartySheetResponse;
    expect(sheet.party).toMatchObject({ staffNotes: 'Cake at 3pm, candles in the office', version: 2 });
    expect(await auditRows(db(), p.id)).toEqual([
      expect.objectContaining({
        actor: 'sam',
        action: 'party_notes_changed',
        details: { before: '', after: 'Cake at 3pm, candles in the office' },
      }),
    ]);
    const tooLong = await call('PATCH', `/api/admin/parties/${p.id}/notes`, cookies.staff, {
      staffNotes: 'x'.repeat(2001),
      version: 2,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: { fields: { staffNotes: [expect.any(String)] } } });
  });

  it('cancels more than 14 days before: everything refunded once, audited, the family e-mailed; again is a no-op', async () => {
    const p = await party(10, { date: '2026-06-27' }, 'all');
    const before = fake.refunds.length;
    const res = await call('POST', `/api/admin/parties/${p.id}/cancel`, cookies.staff, {
      reason: 'Family moving away',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'cancelled',
      deposit: 'refund',
      overridden: false,
      refundPence: p.totalPence,
      alreadyCancelled: false,
    });
    expect(fake.refunds.slice(before).reduce((s, r) => s + r.amountPence, 0)).toBe(p.totalPence);
    const rows = await db().select().from(payments).where(eq(payments.partyBookingId, p.id));
    expect(rows.map((r) => [r.refundStatus, r.status])).toEqual([
      ['succeeded', 'refunded'],
      ['succeeded', 'refunded'],
    ]);
    // A second press (or a retry) refunds nothing more.
    const again = await call('POST', `/api/admin/parties/${p.id}/cancel`, cookies.staff, {
      reason: 'Family moving away',
    });
    expect(again.json()).toMatchObject({ status: 'cancelled', refundPence: 0, alreadyCancelled: true });
    expect(fake.refunds.length - before).toBe(2);
    expect(await liveParties(db(), '2026-06-27', 'midday')).toEqual([]);
    // One mail for the cancellation and its refund: the card refunds it tells of send no receipts of their own.
    const told = (await mailsTo('family10@example.com')).filter((m) => m.template.startsWith('party-'));
    expect(told.filter((m) => m.template === 'party-refund')).toEqual([]);
    const [cancelled, ...more] = told.filter((m) => m.template === 'party-cancelled');
    expect(more).toEqual([]);
    expect(cancelled!.text).toContain(
      `We are refunding ${formatPence(p.totalPence)} to the card you paid with; it usually shows within 5 to 10 working days.`,
    );
    expect((await auditRows(db(), p.id)).map((a) => [a.actor, a.action, a.details.refundPence])).toEqual([
      ['sam', 'party_cancelled', p.totalPence],
    ]);
  });

  it('keeps the deposit 14 days or less before; staff cannot overrule it (403), an admin can with a reason', async () => {
    const p = await party(11, { date: '2026-06-12' }, 'all');
    const staffTry = await call('POST', `/api/admin/parties/${p.id}/cancel`, cookies.staff, {
      reason: 'Child is ill',
      overrideDeposit: 'refund',
    });
    expect(staffTry.statusCode).toBe(403);
    expect((await db().select().from(partyBookings).where(eq(partyBookings.id, p.id)))[0]!.status).toBe('confirmed');
    const kept = await party(12, { date: '2026-06-12', slotId: 'morning-long' }, 'all');
    const before = fake.refunds.length;
    const rule = await call('POST', `/api/admin/parties/${kept.id}/cancel`, cookies.staff, { reason: 'Child is ill' });
    expect(rule.json()).toMatchObject({ deposit: 'keep', overridden: false, refundPence: kept.totalPence - 5000 });
    expect(fake.refunds.slice(before).map((r) => r.amountPence)).toEqual([kept.totalPence - 5000]);
    const mail = (await mailsTo('family12@example.com')).find((m) => m.template === 'party-cancelled');
    expect(mail!.text).toContain('deposit of £50.00 is not refunded');
    expect(mail!.text).toContain(`We are refunding ${formatPence(kept.totalPence - 5000)} to the card you paid with`);
    expect((await mailsTo('family12@example.com')).filter((m) => m.template === 'party-refund')).toEqual([]);
    const admin = await call('POST', `/api/admin/parties/${p.id}/cancel`, cookies.admin, {
      reason: 'Child in hospital',
      overrideDeposit: 'refund',
    });
    expect(admin.json()).toMatchObject({ deposit: 'refund', overridden: true, refundPence: p.totalPence });
    const [row] = await db().select().from(partyBookings).where(eq(partyBookings.id, p.id));
    expect(row).toMatchObject({ status: 'cancelled', depositOutcome: 'refund', cancelReason: 'Child in hospital' });
    expect((await auditRows(db(), p.id))[0]).toMatchObject({
      actor: 'ada',
      details: { rule: 'keep', deposit: 'refund', overridden: true },
    });
    // A reason is required.
    const q = await party(13, { date: '2026-06-12', slotId: 'afternoon-long' });
    expect((await call('POST', `/api/admin/parties/${q.id}/cancel`, cookies.admin, { reason: '' })).statusCode).toBe(
      400,
    );
  });

  it('moves a party to a free slot under the locks, audited and mailed; a taken slot is a 409 that moves nothing', async () => {
    const p = await party(14, { date: '2026-06-17' });
    await party(15, { date: '2026-06-18', slotId: 'morning-long' });
    await party(16, { date: '2026-06-18', slotId: 'morning-long' }, 'held');
    const taken = await call('POST', `/api/admin/parties/${p.id}/move`, cookies.staff, {
      date: '2026-06-18',
      slotId: 'morning-long',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { code: 'party_slot_taken' } });
    const moved = await call('POST', `/api/admin/parties/${p.id}/move`, cookies.staff, {
      date: '2026-06-18',
      slotId: 'afternoon-long',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ status: 'moved', date: '2026-06-18', slotId: 'afternoon-long', roomId: 'room-1' });
    expect(await liveParties(db(), '2026-06-17', 'midday')).toEqual([]);
    expect(await liveParties(db(), '2026-06-18', 'afternoon-long')).toEqual([
      { roomId: 'room-1', parentEmail: 'family14@example.com', status: 'confirmed' },
    ]);
    expect((await mailsTo('family14@example.com')).map((m) => m.template)).toEqual(['party-moved']);
    expect((await auditRows(db(), p.id)).map((a) => a.action)).toEqual(['party_moved']);
    const refuse = async (body: unknown) =>
      (await call('POST', `/api/admin/parties/${p.id}/move`, cookies.staff, body)).json();
    expect(await refuse({ date: '2026-06-18', slotId: 'afternoon-long' })).toMatchObject({
      error: { code: 'party_same_slot' },
    });
    expect(await refuse({ date: '2026-06-19', slotId: 'evening' })).toMatchObject({
      error: { code: 'party_slot_not_allowed' },
    });
    expect(await refuse({ date: '2026-05-30', slotId: 'midday' })).toMatchObject({
      error: { code: 'party_date_out_of_range' },
    });
    expect(await refuse({ date: '2026-06-19' })).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('two moves crossing the same two slots at once: both finish, no deadlock, no room given twice', async () => {
    const a = await party(17, { date: '2026-06-29', slotId: 'morning-long' });
    const b = await party(18, { date: '2026-06-30', slotId: 'morning-long' });
    const [ra, rb] = await Promise.all([
      call('POST', `/api/admin/parties/${a.id}/move`, cookies.staff, { date: '2026-06-30', slotId: 'morning-long' }),
      call('POST', `/api/admin/parties/${b.id}/move`, cookies.staff, { date: '2026-06-29', slotId: 'morning-long' }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const live = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from party_bookings
        where party_date in ('2026-06-29', '2026-06-30') and slot_id = 'morning-long' and status in ('held', 'confirmed')`),
    );
    expect(live[0]!.n).toBe(2);
  });

  it('books a party for a phone caller: server-priced, held 48 hours, made by staff, the family mailed a payment link', async () => {
    const body = {
      ...partyRequest(19, { date: '2026-06-26', packageId: 'silver', children: 5 }),
      foodChoices: ['hot-dog', 'cheese-pizza', 'hot-dog', 'hot-dog', 'ham-sandwiches'],
      dietaryNotes: 'No nuts please',
      // Whatever the client says about money is not read.
      totalPence: 1,
    };
    const res = await call('POST', '/api/admin/parties', cookies.staff, body);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as { id: string; reference: string; totalPence: number; holdExpiresAt: string };
    const [row] = await db().select().from(partyBookings).where(eq(partyBookings.id, made.id));
    expect(row).toMatchObject({
      status: 'held',
      createdByStaff: 'sam',
      foodChoices: ['hot-dog', 'cheese-pizza', 'hot-dog', 'hot-dog', 'ham-sandwiches'],
      dietaryNotes: 'No nuts please',
      totalPence: made.totalPence,
    });
    expect(made.totalPence).toBeGreaterThan(1);
    expect(new Date(made.holdExpiresAt).getTime()).toBe(NOW.getTime() + 48 * 3_600_000);
    const [mail] = await mailsTo('family19@example.com');
    expect(mail!.template).toBe('party-payment-link');
    expect(mail!.text).toMatch(new RegExp(`/party/${made.id}#t=`));
    expect((await auditRows(db(), made.id)).map((a) => [a.actor, a.action])).toEqual([['sam', 'party_created']]);
    // The food must fit the package and the numbers; bad input is a 400 that writes nothing.
    const count = async () => (await db().select().from(partyBookings)).length;
    const n = await count();
    for (const bad of [
      { ...body, foodChoices: ['hot-dog'] },
      { ...body, foodChoices: ['caviar', 'hot-dog', 'hot-dog', 'hot-dog', 'hot-dog'] },
      { ...body, children: -3 },
      { ...body, children: 1e9 },
      { ...body, date: '2026-05-01' },
      { ...body, slotId: 'evening' },
      { ...body, parentEmail: 'nope' },
    ]) {
      const r = await call('POST', '/api/admin/parties', cookies.staff, bad);
      expect(r.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect(await count()).toBe(n);
  });

  it('holds a phone booking no later than the party starts', async () => {
    const res = await call('POST', '/api/admin/parties', cookies.staff, {
      ...partyRequest(20, { date: '2026-06-01', slotId: 'afternoon', packageId: 'bronze', children: 10 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    // 14:00 BST on the day is 13:00 UTC: 5 hours from now.
    expect(res.json()).toMatchObject({ holdExpiresAt: '2026-06-01T13:00:00.000Z' });
  });
});
