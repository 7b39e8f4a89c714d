import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../shared/contracts/events';
import { mailsTo, payWith, postJson } from '../bookings/testing/booking-fixtures';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { rowsOf } from '../db/client';
import { eventBookings, eventSlots, payments } from '../db/schema';
import { familyCookieFor } from '../families/testing/family-fixtures';
import { reportPayment } from '../payments/testing/report-payment';
import { raceInChildProcesses } from '../testing/race-in-processes';
import { testDbKinds } from '../testing/test-database';
import { expireEventHolds } from './expire-event-holds';
import { admittedFamilies, createEventAs, grotto, joinQueueAs, kids, pollQueue } from './testing/event-fixtures';

const ON_SALE = new Date('2026-10-28T10:00:00Z');
const at = (seconds: number) => new Date(ON_SALE.getTime() + seconds * 1000);
const worker = fileURLToPath(new URL('./testing/hold-race-worker.ts', import.meta.url));

describe.each(testDbKinds)('event holds (%s)', (kind) => {
  let clock = at(-60);
  const t = useAdminApp(kind, { now: () => clock, config: { EVENT_POW_MAX_NUMBER: '50' } });
  const setClock = (d: Date) => (clock = d);
  const family = (email: string) => familyCookieFor(t.ctx.db, email, clock);
  const hold = async (eventId: string, body: object, cookie?: string) =>
    postJson(t.app, `/api/events/${eventId}/hold`, body, cookie);
  const slotTaken = async (slotId: string) =>
    (await t.ctx.db.select().from(eventSlots).where(eq(eventSlots.id, slotId)))[0]!.taken;

  it('holds a group at the event prices (bands never apply), pays through the one payment path', async () => {
    const e = await createEventAs(t.admin, grotto(ON_SALE, { admitPerMinute: 10_000 }));
    const [token] = await admittedFamilies(t.anon, e.id, 1, setClock, ON_SALE);
    const cookie = await family('ada@example.com');
    const res = await hold(e.id, { admission: token, slotId: e.slots[0]!.id, children: kids(2), adults: 1 }, cookie);
    expect(res.statusCode, res.body).toBe(201);
    const held = res.json() as { bookingId: string; clientSecret: string; totalPence: number; places: number };
    // £12 a child, £2 a grown-up, whatever the day's ticket bands.
    expect(held).toMatchObject({ totalPence: 2 * 1200 + 200, places: 3 });
    expect(await slotTaken(e.slots[0]!.id)).toBe(3);
    const paid = await payWith(t.app, held.clientSecret);
    expect(paid.statusCode, paid.body).toBe(200);
    const status = await t.app.inject({ url: `/api/events/${e.id}/bookings/${held.bookingId}`, headers: { cookie } });
    expect(status.json()).toMatchObject({ status: 'paid', places: 3 });
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.eventBookingId, held.bookingId));
    expect(p).toMatchObject({ status: 'succeeded', amountPence: 2600, purpose: 'event' });
    // The family's ticket: the slot, a reference and the children, mailed once.
    const mails = await mailsTo(t.ctx.db, 'ada@example.com');
    expect(mails.filter((m) => m.template === 'event-ticket')).toHaveLength(1);
    expect(mails.find((m) => m.template === 'event-ticket')!.text).toMatch(/Reference: [0-9A-F]{8}[\s\S]*- Kid0, 3/);
    // Takings of their own kind on the Overview, on the day paid.
    const [kinds] = rowsOf<{ events: number; takings: number }>(
      await t.ctx.db.execute(
        sql`select coalesce(sum(events_pence), 0)::int as events, coalesce(sum(takings_pence), 0)::int as takings from sales_by_day`,
      ),
    );
    expect(kinds).toEqual({ events: 2600, takings: 2600 });
    // Another family's cookie does not see it.
    const other = await family('eve@example.com');
    const peek = await t.app.inject({
      url: `/api/events/${e.id}/bookings/${held.bookingId}`,
      headers: { cookie: other },
    });
    expect(peek.statusCode).toBe(404);
  });

  it('refuses a hold without a family session, and a forged, expired or reused admission token', async () => {
    const e = await createEventAs(t.admin, grotto(ON_SALE, { admitPerMinute: 10_000 }));
    const [token, second] = await admittedFamilies(t.anon, e.id, 2, setClock, ON_SALE);
    const cookie = await family('bo@example.com');
    const body = { admission: token, slotId: e.slots[0]!.id, children: kids(1) };
    expect((await hold(e.id, body)).statusCode).toBe(401);
    const forged = `${token!.slice(0, -3)}${token!.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const f = await hold(e.id, { ...body, admission: forged }, cookie);
    expect(f.json()).toMatchObject({ error: { code: 'admission_invalid' } });
    expect(f.statusCode).toBe(403);
    expect((await hold(e.id, { ...body, admission: undefined }, cookie)).statusCode).toBe(403);
    // A token made for another event is refused too.
    const other = await createEventAs(t.admin, grotto(ON_SALE, { admitPerMinute: 10_000 }));
    expect((await hold(other.id, { ...body, slotId: other.slots[0]!.id }, cookie)).statusCode).toBe(403);
    expect((await hold(e.id, body, cookie)).statusCode).toBe(201);
    const reused = await hold(e.id, body, await family('cy@example.com'));
    expect(reused.json()).toMatchObject({ error: { code: 'admission_used' } });
    clock = at(1 + 10 * 60 + 1);
    const late = await hold(e.id, { ...body, admission: second }, await family('di@example.com'));
    expect(late.json()).toMatchObject({ error: { code: 'admission_invalid' } });
  });

  it('keeps a family within its cap across two tokens, and holds a group in one slot or not at all', async () => {
    const e = await createEventAs(t.admin, grotto(ON_SALE, { admitPerMinute: 10_000, familyCap: 4 }));
    const [a, b, c] = await admittedFamilies(t.anon, e.id, 3, setClock, ON_SALE);
    const cookie = await family('fam@example.com');
    const slot = e.slots[0]!.id;
    expect((await hold(e.id, { admission: a, slotId: slot, children: kids(3) }, cookie)).statusCode).toBe(201);
    const over = await hold(e.id, { admission: b, slotId: slot, children: kids(2) }, cookie);
    expect(over.json()).toMatchObject({ error: { code: 'family_cap_reached' } });
    // Refused whole, the token is not spent: one place still fits the cap.
    expect((await hold(e.id, { admission: b, slotId: slot, children: kids(1) }, cookie)).statusCode).toBe(201);
    // 4 of 6 taken: a group of three fits no longer, and takes nothing.
    const group = await hold(
      e.id,
      { admission: c, slotId: slot, children: kids(2), adults: 1 },
      await family('g@example.com'),
    );
    expect(group.statusCode).toBe(409);
    expect(group.json()).toMatchObject({ error: { code: 'capacity_exhausted' } });
    expect(await slotTaken(slot)).toBe(4);
  });

  it('gives expired and failed holds back to the next admitted; when none are left everyone waiting is told', async () => {
    const e = await createEventAs(
      t.admin,
      grotto(ON_SALE, {
        admitPerMinute: 60,
        familyCap: 6,
        slots: [{ startsAt: '2026-12-12T10:00:00Z', lengthMinutes: 10, places: 6 }],
      }),
    );
    clock = at(-60);
    const tickets = [];
    for (let i = 0; i < 4; i++) tickets.push(await joinQueueAs(t.anon, e.id));
    clock = at(2);
    const states = await Promise.all(tickets.map((tk) => pollQueue(t.anon, e.id, tk)));
    const byPos = tickets.map((tk, i) => ({ tk, s: states[i]! })).sort((x, y) => x.s.position! - y.s.position!);
    const [first, second, third, fourth] = byPos;
    expect([first, second, third].map((x) => x!.s.status)).toEqual(['admitted', 'admitted', 'admitted']);
    const slot = e.slots[0]!.id;
    const h1 = await hold(
      e.id,
      { admission: first!.s.admission, slotId: slot, children: kids(6) },
      await family('one@example.com'),
    );
    expect(h1.statusCode).toBe(201);
    // Sold out: the family still waiting is told at once, and admission stops.
    expect(await pollQueue(t.anon, e.id, fourth!.tk)).toMatchObject({ status: 'sold_out' });
    const full = await hold(
      e.id,
      { admission: second!.s.admission, slotId: slot, children: kids(1) },
      await family('two@example.com'),
    );
    expect(full.json()).toMatchObject({ error: { code: 'capacity_exhausted' } });
    // The hold runs out: its places go back, and the next admitted family takes them.
    clock = at(2 + 10 * 60);
    // The third family's own 10 minutes ran out meanwhile; the one behind it is let in now places are back.
    expect((await pollQueue(t.anon, e.id, third!.tk)).status).toBe('expired');
    const again = await pollQueue(t.anon, e.id, fourth!.tk);
    expect(again.status).toBe('admitted');
    const h3 = await hold(
      e.id,
      { admission: again.admission, slotId: slot, children: kids(2) },
      await family('three@example.com'),
    );
    expect(h3.statusCode, h3.body).toBe(201);
    // A payment the provider reports cancelled (failed for good) gives its places back at once.
    const bookingId = (h3.json() as { bookingId: string }).bookingId;
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.eventBookingId, bookingId));
    expect(await slotTaken(slot)).toBe(2);
    await reportPayment(t.ctx, p!.providerPaymentId!, 'canceled', clock);
    expect(await slotTaken(slot)).toBe(0);
    expect(await expireEventHolds(t.ctx.db, clock, e.id)).toBe(0);
    const rows = await t.ctx.db.select().from(eventBookings).where(eq(eventBookings.eventId, e.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['cancelled', 'expired']);
  });

  it('the last place raced by 40 families: exactly one gets it', async () => {
    const e = await createEventAs(
      t.admin,
      grotto(ON_SALE, {
        admitPerMinute: 10_000,
        slots: [{ startsAt: '2026-12-12T10:00:00Z', lengthMinutes: 10, places: 1 }],
      }),
    );
    const tokens = await admittedFamilies(t.anon, e.id, 40, setClock, ON_SALE);
    const cookies = await Promise.all(tokens.map((_, i) => family(`race${i}@example.com`)));
    const answers = await Promise.all(
      tokens.map((admission, i) => hold(e.id, { admission, slotId: e.slots[0]!.id, children: kids(1) }, cookies[i])),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(39);
    expect(await slotTaken(e.slots[0]!.id)).toBe(1);
    expect(((await t.anon('GET', `/api/events/${e.id}`)).json() as EventDetail).placesLeft).toBe(0);
  }, 60_000);
});

// Two server processes need a PostgreSQL both reach (PGlite is one process's): run with TEST_DATABASE_URL.
describe.runIf(process.env.TEST_DATABASE_URL)('event holds on two processes (postgres)', () => {
  let clock = at(-60);
  const t = useAdminApp('postgres', { now: () => clock, config: { EVENT_POW_MAX_NUMBER: '50' } });
  const setClock = (d: Date) => (clock = d);
  const slotTaken = async (slotId: string) =>
    (await t.ctx.db.select().from(eventSlots).where(eq(eventSlots.id, slotId)))[0]!.taken;

  it('the last place raced by 40 families on two processes: exactly one', async () => {
    const e = await createEventAs(
      t.admin,
      grotto(ON_SALE, {
        admitPerMinute: 10_000,
        slots: [{ startsAt: '2026-12-12T10:00:00Z', lengthMinutes: 10, places: 1 }],
      }),
    );
    const tokens = await admittedFamilies(t.anon, e.id, 40, setClock, ON_SALE);
    const url = (t.ctx.db as unknown as { $client?: { options?: { connectionString?: string } } }).$client?.options
      ?.connectionString;
    const base = {
      DATABASE_URL: url ?? process.env.TEST_DATABASE_URL!,
      RACE_EVENT: e.id,
      RACE_SLOT: e.slots[0]!.id,
      RACE_NOW: clock.toISOString(),
    };
    const outcomes = await raceInChildProcesses<string>(worker, [
      { ...base, RACE_NAME: 'p1', RACE_TOKENS: JSON.stringify(tokens.slice(0, 20)) },
      { ...base, RACE_NAME: 'p2', RACE_TOKENS: JSON.stringify(tokens.slice(20)) },
    ]);
    expect(outcomes).toHaveLength(40);
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'capacity_exhausted')).toHaveLength(39);
    expect(await slotTaken(e.slots[0]!.id)).toBe(1);
  }, 120_000);
});
