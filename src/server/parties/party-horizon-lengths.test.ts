import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PartyAvailabilityResponse } from '../../shared/contracts/party-booking';
import { addDays } from '../../shared/dates';
import { rowsOf } from '../db/client';
import { catalogueOf } from '../catalogue/catalogue-store';
import { defaultPartyBooking, type PartyCatalogue } from '../catalogue/party-settings';
import { useAdminApp } from '../catalogue/testing/admin-fixtures';
import { testDbKinds } from '../testing/test-database';
import { holdParty } from './hold-party';
import { codeOf, partyRequest } from './testing/party-fixtures';

// Wednesday 1 July 2026, 09:00 BST: parties are sold through 1 January 2027 (6 months), visits through 1 August.
const NOW = new Date('2026-07-01T08:00:00Z');
/** Eight weeks ahead: Wednesday 26 August 2026, beyond visits' one month. */
const EIGHT_WEEKS = addDays('2026-07-01', 56);
const LAST = '2027-01-01';
const EDIT = '/api/admin/catalogue/party-booking';

/** The family's online form for a package: food for each child where the package has food. */
function partyForm(i: number, over: { date: string; slotId: string; packageId: string; children?: number }) {
  const children = over.children ?? 12;
  return {
    childFirstName: 'Maisie',
    childAge: 6,
    foodChoices: over.packageId === 'bronze' ? [] : Array.from({ length: children }, () => 'cheese-pizza'),
    dietaryNotes: '',
    parentName: `Parent ${i}`,
    parentEmail: `ahead${i}@example.com`,
    parentPhone: '07700 900123',
    agreeToTerms: true,
    ...over,
    children,
  };
}

describe.each(testDbKinds)('parties months ahead, slots by package length (%s)', (kind) => {
  // The admin app doubles as the family's: each family books from an address of its own (the unpaid-hold cap).
  const t = useAdminApp(kind, { now: () => NOW });
  let ip = 0;
  const post = (url: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: `203.0.113.${++ip}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const month = async (m: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/parties/availability?month=${m}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PartyAvailabilityResponse;
  };
  const slotsOn = async (date: string) =>
    Object.fromEntries(
      ((await month(date.slice(0, 7))).days.find((d) => d.date === date)?.slots ?? []).map((s) => [
        s.slotId,
        [s.roomsFree, s.packages],
      ]),
    );
  const partyCount = async () =>
    rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from party_bookings`))[0]!.n;
  const doc = async () => (await t.catalogue()).partyBooking;

  it('sells a party eight weeks ahead online: the month is offered and the room is held', async () => {
    const august = await month('2026-08');
    expect(august.lastDate).toBe(LAST);
    expect(august.days.map((d) => d.date)).toContain(EIGHT_WEEKS);
    expect((await slotsOn(EIGHT_WEEKS))['afternoon-long']).toEqual([2, ['silver', 'gold']]);

    const res = await post(
      '/api/parties',
      partyForm(1, { date: EIGHT_WEEKS, slotId: 'afternoon-long', packageId: 'gold' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [party] = rowsOf<{ date: string; slot: string; status: string }>(
      await t.ctx.db.execute(sql`select to_char(party_date, 'YYYY-MM-DD') as date, slot_id as slot, status
        from party_bookings where parent_email = 'ahead1@example.com'`),
    );
    expect(party).toEqual({ date: EIGHT_WEEKS, slot: 'afternoon-long', status: 'held' });
    expect((await slotsOn(EIGHT_WEEKS))['afternoon-long']).toEqual([1, ['silver', 'gold']]);
  });

  it('refuses a party date beyond the horizon with a 400 that names the last date, writing nothing', async () => {
    const before = await partyCount();
    for (const url of ['/api/parties', '/api/parties/quote']) {
      const res = await post(url, partyForm(2, { date: addDays(LAST, 1), slotId: 'afternoon', packageId: 'bronze' }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('party_date_out_of_range');
      expect(res.json().error.message).toBe(`Parties can be booked from today until ${LAST}.`);
    }
    expect(await partyCount()).toBe(before);
    // The last date itself is on sale; the month after it has nothing.
    const quote = await post('/api/parties/quote', {
      date: LAST,
      slotId: 'afternoon',
      packageId: 'bronze',
      children: 10,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect((await month('2027-01')).days.map((d) => d.date)).toEqual([LAST]);
    expect((await month('2027-02')).days).toEqual([]);
  });

  it('never sells Gold into a 2-hour slot: not offered there, and refused with a 400 saying why', async () => {
    const date = addDays(EIGHT_WEEKS, 1);
    const slots = await slotsOn(date);
    expect(slots.morning).toEqual([2, ['bronze']]);
    expect(slots.afternoon).toEqual([2, ['bronze']]);
    expect(slots['morning-long']).toEqual([2, ['silver', 'gold']]);
    expect(slots.midday).toEqual([2, ['bronze', 'silver']]);
    const before = await partyCount();
    for (const url of ['/api/parties', '/api/parties/quote']) {
      const res = await post(url, partyForm(3, { date, slotId: 'morning', packageId: 'gold' }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('party_slot_not_allowed');
    }
    expect(await partyCount()).toBe(before);

    // Party settings stored before packages had lengths, with Gold given the 2-hour slots: still refused.
    const catalogue = await catalogueOf(t.ctx.db);
    const old: PartyCatalogue = {
      ...catalogue,
      partyBooking: {
        ...catalogue.partyBooking,
        value: { ...catalogue.partyBooking.value, packageSlots: { gold: ['morning', 'midday', 'afternoon'] } },
      },
    };
    const refused = holdParty(t.ctx.db, partyRequest(4, { date, slotId: 'morning', packageId: 'gold' }), NOW, old);
    await expect(refused).rejects.toMatchObject({
      code: 'party_slot_not_allowed',
      message: 'That party runs 3 hours: the slot 9:30 AM - 11:30 AM (2 hours) is too short for it.',
    });
    expect(await partyCount()).toBe(before);
  });

  it('gives a room 30 minutes to clear between parties, and never sells it twice', async () => {
    const date = addDays(EIGHT_WEEKS, 2);
    for (const i of [5, 6]) {
      const res = await post('/api/parties', partyForm(i, { date, slotId: 'morning-long', packageId: 'gold' }));
      expect(res.statusCode, res.body).toBe(201);
    }
    const slots = await slotsOn(date);
    // Both rooms run Gold until 12:30: nothing else before 13:00 (the midday slot starts at 12:00).
    expect(slots.morning).toEqual([0, []]);
    expect(slots.midday).toEqual([0, []]);
    expect(slots['afternoon-long']).toEqual([2, ['silver', 'gold']]);
    const before = await partyCount();
    const clash = await post('/api/parties', partyForm(7, { date, slotId: 'midday', packageId: 'bronze' }));
    expect([clash.statusCode, clash.json().error.code]).toEqual([409, 'party_slot_taken']);
    expect(await partyCount()).toBe(before);

    // A Bronze party until 16:00 in one room leaves the barn 30 minutes to clear before Private Hire at 16:30;
    // with one room's party in the 16:30 slot's way, Private Hire cannot have the barn.
    const bronze = await post('/api/parties', partyForm(8, { date, slotId: 'afternoon', packageId: 'bronze' }));
    expect(bronze.statusCode, bronze.body).toBe(201);
    expect((await slotsOn(date)).evening).toEqual([2, ['private-hire']]);
    const tight = await catalogueOf(t.ctx.db);
    const clearHour: PartyCatalogue = {
      ...tight,
      partyBooking: { ...tight.partyBooking, value: { ...tight.partyBooking.value, clearMinutes: 60 } },
    };
    const hire = holdParty(
      t.ctx.db,
      partyRequest(9, { date, slotId: 'evening', packageId: 'private-hire', children: 30 }),
      NOW,
      clearHour,
    );
    expect(await codeOf(hire)).toBe('party_slot_taken');
  });

  describe('the admin editor', () => {
    const refuse = async (body: Record<string, unknown>, field: string, message?: string | RegExp) => {
      const before = await doc();
      const res = await t.admin('PATCH', EDIT, { version: before.version, ...body });
      expect(res.statusCode, res.body).toBe(400);
      const messages = (res.json().error.fields as Record<string, string[]>)[field];
      expect(messages, res.body).toBeDefined();
      if (message) expect(messages![0]).toMatch(message);
      expect(await doc()).toEqual(before);
    };
    const save = async (body: Record<string, unknown>) => {
      const res = await t.admin('PATCH', EDIT, { version: (await doc()).version, ...body });
      expect(res.statusCode, res.body).toBe(200);
    };

    it('refuses a package given a slot shorter than it runs, naming both', async () => {
      const packageSlots = { ...defaultPartyBooking.packageSlots, gold: ['morning', 'morning-long'] };
      await refuse(
        { packageSlots },
        'packageSlots',
        'Gold runs 3 hours: the slot 9:30 AM - 11:30 AM (2 hours) is too short for it. Give Gold only slots at least 3 hours long.',
      );
      // A slot shortened under a package refused the same way.
      const slots = defaultPartyBooking.slots.map((s) => (s.id === 'midday' ? { ...s, end: '14:00', label: '' } : s));
      await refuse({ slots }, 'packageSlots', /^Silver runs 2\.5 hours: the slot 12:00 PM - 2:00 PM \(2 hours\)/);
      // A package made longer than a slot it has.
      await refuse({ packageMinutes: { silver: 180 } }, 'packageMinutes', /^Silver runs 3 hours: the slot 12:00 PM/);
      await refuse({ packageMinutes: { platinum: 120 } }, 'packageMinutes', /no party package "platinum"/);
      await refuse({ packageMinutes: { bronze: 10 } }, 'packageMinutes.bronze', 'Must be at least 30');
      await refuse({ horizonMonths: 0 }, 'horizonMonths');
      await refuse({ horizonMonths: 25 }, 'horizonMonths');
      await refuse({ horizonMonths: 2.5 }, 'horizonMonths');
      await refuse({ clearMinutes: -5 }, 'clearMinutes');
    });

    it('sells only up to the horizon it is given, and a shorter package in a slot it now fits', async () => {
      await save({ horizonMonths: 2, packageMinutes: { gold: 120 } });
      expect((await doc()).value).toMatchObject({ horizonMonths: 2, packageMinutes: { gold: 120 } });
      expect((await month('2026-09')).lastDate).toBe('2026-09-01');
      const late = await post('/api/parties/quote', {
        date: '2026-09-02',
        slotId: 'afternoon',
        packageId: 'bronze',
        children: 10,
      });
      expect([late.statusCode, late.json().error.code]).toEqual([400, 'party_date_out_of_range']);
      await save({ horizonMonths: 6, packageMinutes: { gold: 180 } });
      expect((await month('2026-09')).lastDate).toBe(LAST);
    });

    it('edits party price changes: a package priced from a date, refused when backdated or unknown', async () => {
      const quote = async (date: string) => {
        const res = await post('/api/parties/quote', { date, slotId: 'morning-long', packageId: 'gold', children: 10 });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { totalPence: number }).totalPence;
      };
      expect(await quote('2026-10-14')).toBe(19_000);
      await refuse(
        { priceChanges: [{ packageId: 'gold', fromDate: '2026-06-30', pricePence: 2100 }] },
        'priceChanges',
        'A new price change starts today or later, not on 30 Jun 2026.',
      );
      await refuse(
        { priceChanges: [{ packageId: 'platinum', fromDate: '2026-10-01', pricePence: 2100 }] },
        'priceChanges',
      );
      await refuse(
        { priceChanges: [{ packageId: 'gold', fromDate: '2026-10-01', pricePence: -1 }] },
        'priceChanges.0.pricePence',
      );
      await refuse(
        { priceChanges: [{ packageId: 'gold', fromDate: '2026-10-01', pricePence: 100_001 }] },
        'priceChanges.0.pricePence',
      );
      const twice = { packageId: 'gold', fromDate: '2026-10-01', pricePence: 2100 };
      await refuse({ priceChanges: [twice, twice] }, 'priceChanges');
      await save({
        priceChanges: [
          { packageId: 'gold', fromDate: '2026-10-01', pricePence: 2100 },
          { packageId: 'private-hire', fromDate: '2026-10-01', pricePence: 22_500 },
        ],
      });
      expect(await quote('2026-09-30')).toBe(19_000);
      expect(await quote('2026-10-14')).toBe(21_000);
      const audit = rowsOf<{ action: string }>(
        await t.ctx.db.execute(sql`select action from audit_log where action = 'catalogue.party_booking_edited'`),
      );
      expect(audit.length).toBeGreaterThan(0);
    });
  });
});
