import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminCatalogue, PartyBookingDocument } from '../../shared/catalogue';
import type { PartyAvailabilityResponse } from '../../shared/contracts/party-booking';
import { changeChildren } from '../parties/change-children';
import { holdParty } from '../parties/hold-party';
import { defaultPartyBooking, type PartyCatalogue } from './party-settings';
import { partyRequest } from '../parties/testing/party-fixtures';
import { partyBookings } from '../db/schema';
import { getAppSecret } from '../security/app-secret';
import { rowCounter } from '../testing/row-counts';
import { auditRows } from '../testing/staff-fixtures';
import { testDbKinds } from '../testing/test-database';
import { catalogueOf } from './catalogue-store';
import { useAdminApp } from './testing/admin-fixtures';

// Wednesday 1 July 2026, 09:00 in London.
const NOW = new Date('2026-07-01T08:00:00Z');
const SCRIPT = '<script>alert("x")</script>';
const URL = '/api/admin/catalogue/party-booking';
const teatime = { id: 'teatime', label: '', start: '18:45', end: '21:45' };

describe.each(testDbKinds)('the party booking editor (%s)', (kind) => {
  const t = useAdminApp(kind, { now: () => NOW });
  const availability = async () =>
    (
      await t.app.inject({ method: 'GET', url: '/api/parties/availability?month=2026-07' })
    ).json() as PartyAvailabilityResponse;
  const snapshot = async () => {
    const { version: _v, ...all } = await t.catalogue();
    return { rows: await (await rowCounter(t.ctx.db))(), all };
  };
  const doc = async () => (await t.catalogue()).partyBooking;

  it('starts from the defaults, not stored (version 0)', async () => {
    expect(await doc()).toEqual({ version: 0, value: defaultPartyBooking });
  });

  it('is for admins only: 401 without a session, 403 for other staff, writing nothing', async () => {
    const before = await snapshot();
    const body = { version: 0, depositPence: 100 };
    const anon = await t.anon('PATCH', URL, body);
    expect([anon.statusCode, anon.json().error.code]).toEqual([401, 'sign_in_required']);
    const staff = await t.staff('PATCH', URL, body);
    expect([staff.statusCode, staff.json().error.code]).toEqual([403, 'forbidden']);
    expect(staff.headers['cache-control']).toBe('no-store');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 400 and field messages, writing nothing', async () => {
    const before = await snapshot();
    const rooms = defaultPartyBooking.rooms;
    const slots = defaultPartyBooking.slots;
    const food = defaultPartyBooking.foodOptions;
    const refused: [unknown, string][] = [
      [{ version: 0, depositPence: -1 }, 'depositPence'],
      // £0 or a few pence would leave every online hold nothing to pay by card: each would be released.
      [{ version: 0, depositPence: 0 }, 'depositPence'],
      [{ version: 0, depositPence: 99 }, 'depositPence'],
      [{ version: 0, depositPence: null }, 'depositPence'],
      [{ version: 0, depositPence: 100_001 }, 'depositPence'],
      [{ version: 0, depositPence: 50.5 }, 'depositPence'],
      [{ version: 0, depositPence: '5000' }, 'depositPence'],
      [{ version: 0, holdMinutes: 4 }, 'holdMinutes'],
      [{ version: 0, holdMinutes: 121 }, 'holdMinutes'],
      [{ version: 0, privateHireMinChildren: 0 }, 'privateHireMinChildren'],
      // The parties document's Private Hire takes at most 60 children.
      [{ version: 0, privateHireMinChildren: 61 }, 'privateHireMinChildren'],
      [{ version: 0, rooms: [] }, 'rooms'],
      [{ version: 0, rooms: Array.from({ length: 21 }, (_, i) => ({ id: `r-${i}`, name: `Room ${i}` })) }, 'rooms'],
      [{ version: 0, rooms: [rooms[0], { ...rooms[1], id: rooms[0]!.id }] }, 'rooms'],
      [{ version: 0, rooms: [rooms[0], { id: 'room-3', name: '  ' }] }, 'rooms.1.name'],
      [{ version: 0, rooms: [{ id: 'Room 1!', name: 'Party Room 1' }] }, 'rooms.0.id'],
      [{ version: 0, slots: [] }, 'slots'],
      [{ version: 0, slots: [...slots, { ...teatime, start: '21:45', end: '18:45' }] }, 'slots.6.end'],
      [{ version: 0, slots: [...slots, { ...teatime, start: '4pm' }] }, 'slots.6.start'],
      [{ version: 0, slots: [...slots, { ...teatime, id: 'morning' }] }, 'slots'],
      [{ version: 0, slots: [...slots, { ...teatime, start: '09:30', end: '11:30' }] }, 'slots'],
      [{ version: 0, packageSlots: { platinum: ['morning'] } }, 'packageSlots'],
      [{ version: 0, packageSlots: { gold: ['teatime'] } }, 'packageSlots'],
      [{ version: 0, packageSlots: { gold: ['morning', 'morning'] } }, 'packageSlots.gold'],
      [{ version: 0, foodOptions: [{ id: 'cake', name: '', allergens: [] }] }, 'foodOptions.0.name'],
      [
        { version: 0, foodOptions: [{ id: 'cake', name: 'Cake', allergens: ['chocolate'] }] },
        'foodOptions.0.allergens.0',
      ],
      [{ version: 0, foodOptions: [food[0], food[0]] }, 'foodOptions'],
      [{ version: 0, foodOptions: [] }, 'foodOptions'],
      [{ version: 0, foodPackages: ['platinum'] }, 'foodPackages'],
      [{ version: 0, foodPackages: ['private-hire'] }, 'foodPackages'],
      [{ depositPence: 5000 }, 'version'],
      [{ version: -1 }, 'version'],
    ];
    for (const [body, field] of refused) {
      const res = await t.admin('PATCH', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const depositSaid = async (depositPence: unknown) =>
      (await t.admin('PATCH', URL, { version: 0, depositPence })).json().error.fields.depositPence;
    expect(await depositSaid(0)).toEqual(['The deposit must be at least £1']);
    expect(await depositSaid(null)).toEqual(['Please enter the deposit']);
    expect(await depositSaid(100_001)).toEqual(['The deposit cannot be above £1,000']);
    const blankRoom = await t.admin('PATCH', URL, { version: 0, rooms: [rooms[0], { ...rooms[1], name: ' ' }] });
    expect(blankRoom.json().error.fields['rooms.1.name']).toEqual(['Please enter the room’s name']);
    expect(await snapshot()).toEqual(before);
  });

  it('stores the first edit over the defaults, audits before and after, and is live for families', async () => {
    expect((await availability()).depositPence).toBe(5000);
    const res = await t.admin('PATCH', URL, {
      version: 0,
      depositPence: 7500,
      holdMinutes: 20,
      rooms: [...defaultPartyBooking.rooms, { id: 'room-3', name: SCRIPT }],
      // Sent first, stored in the order of the day.
      slots: [teatime, ...defaultPartyBooking.slots],
      packageSlots: { gold: ['morning-long', 'teatime'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (res.json() as AdminCatalogue).partyBooking;
    const value: PartyBookingDocument = {
      ...defaultPartyBooking,
      depositPence: 7500,
      holdMinutes: 20,
      rooms: [...defaultPartyBooking.rooms, { id: 'room-3', name: SCRIPT }],
      // A blank label is the times, as families read them.
      slots: [...defaultPartyBooking.slots, { ...teatime, label: '6:45 PM - 9:45 PM' }],
      packageSlots: { ...defaultPartyBooking.packageSlots, gold: ['morning-long', 'teatime'] },
    };
    expect(after).toEqual({ version: 1, value });
    // Stored and answered as text: the staff app renders it as text, never as markup.
    expect(after.value.rooms[2]!.name).toBe(SCRIPT);

    const live = await availability();
    expect(live.depositPence).toBe(7500);
    expect(live.rooms).toBe(3);
    const day = live.days.find((d) => d.date === '2026-07-20')!;
    expect(day.slots.find((s) => s.slotId === 'teatime')).toMatchObject({ roomsFree: 3, packages: ['gold'] });
    expect(day.slots.find((s) => s.slotId === 'midday')!.packages).toEqual(['bronze', 'silver']);

    expect((await auditRows(t.ctx.db, 'party_booking')).at(-1)).toMatchObject({
      actor: t.adminName,
      action: 'catalogue.party_booking_edited',
      details: { before: defaultPartyBooking, after: value },
    });
  });

  it('refuses an edit made from a stale copy with 409 and the values as they are now, writing nothing', async () => {
    const before = await snapshot();
    for (const version of [0, 2]) {
      const stale = await t.admin('PATCH', URL, { version, holdMinutes: 30 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toMatchObject({ code: 'stale_version', current: before.all.partyBooking });
      expect(stale.json().error.current.value.depositPence).toBe(7500);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to take away a room or slot with parties booked in it, naming how many and the first dates', async () => {
    const { rooms, slots } = (await doc()).value;
    // Parties in the new room at teatime: a confirmed one and a held one count; an expired one and one
    // in the past do not.
    const gold = { packageId: 'gold', slotId: 'teatime', children: 12 };
    const dates = ['2026-07-25', '2026-07-26', '2026-07-27', '2026-07-29'];
    for (const [i, date] of dates.entries()) await holdParty(t.ctx.db, partyRequest(i + 1, { ...gold, date }), NOW);
    const set = async (i: number, change: ReturnType<typeof sql>) =>
      t.ctx.db.execute(sql`update party_bookings set ${change} where parent_email = ${`family${i}@example.com`}`);
    for (const i of [1, 2, 3, 4]) await set(i, sql`room_id = 'room-3'`);
    await set(1, sql`status = 'confirmed'`);
    await set(2, sql`status = 'expired'`);
    await set(3, sql`party_date = '2026-06-27'`);

    const before = await snapshot();
    const version = before.all.partyBooking.version;
    const noRoom3 = await t.admin('PATCH', URL, { version, rooms: rooms.slice(0, 2) });
    const noTeatime = await t.admin('PATCH', URL, { version, slots: slots.slice(0, 6) });
    const moved = await t.admin('PATCH', URL, { version, slots: [...slots.slice(0, 6), { ...teatime, end: '22:00' }] });
    for (const res of [noRoom3, noTeatime, moved]) expect(res.statusCode, res.body).toBe(400);
    expect(noRoom3.json().error.fields.rooms[0]).toBe(
      '2 parties are already booked in the room removed (first dates: 25 Jul 2026, 29 Jul 2026). Move or cancel them first, then save.',
    );
    expect(noTeatime.json().error.fields.slots[0]).toContain('parties are already booked in the slots removed');
    expect(moved.json().error.fields.slots[0]).toContain('first dates: 25 Jul 2026, 29 Jul 2026');
    expect(await snapshot()).toEqual(before);

    // Renamed, the room keeps its id and its parties; the empty evening slot can go, and leaves every package.
    const renamed = await t.admin('PATCH', URL, {
      version,
      rooms: [...rooms.slice(0, 2), { id: 'room-3', name: 'The Den' }],
      slots: slots.filter((s) => s.id !== 'evening'),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const value = (renamed.json() as AdminCatalogue).partyBooking.value;
    expect(value.rooms[2]).toEqual({ id: 'room-3', name: 'The Den' });
    expect(value.packageSlots['private-hire']).toEqual([]);
    expect(value.slots.map((s) => s.id)).not.toContain('evening');
  });
  it('refuses a hold, a phone booking or a move checked against an older copy of the settings (409), writing nothing', async () => {
    const copy = await catalogueOf(t.ctx.db);
    const party = await holdParty(t.ctx.db, partyRequest(20, { date: '2026-07-21' }), NOW, copy);
    // Another process's edit, not yet seen here: this process reloads only when catalogue_state changes.
    const bump = (by: number) =>
      t.ctx.db.execute(sql`update catalogue_documents set version = version + ${by} where key = 'party_booking'`);
    await bump(1);
    await getAppSecret(t.ctx.db); // the phone booking's route makes it first, whatever the outcome
    const before = await snapshot();
    const said = 'Party times have just changed. Please try again.';
    await expect(holdParty(t.ctx.db, partyRequest(21, { date: '2026-07-22' }), NOW, copy)).rejects.toMatchObject({
      code: 'party_slot_taken',
      httpStatus: 409,
      message: said,
    });
    const created = await t.staff('POST', '/api/admin/parties', {
      ...partyRequest(22, { date: '2026-07-22', packageId: 'bronze', children: 10 }),
      foodChoices: [],
      dietaryNotes: '',
    });
    const moved = await t.staff('POST', `/api/admin/parties/${party.id}/move`, {
      date: '2026-07-23',
      slotId: 'midday',
    });
    for (const res of [created, moved]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'party_slot_taken', message: said });
    }
    expect(await snapshot()).toEqual(before);
    // The same copy, current again, holds.
    await bump(-1);
    expect((await holdParty(t.ctx.db, partyRequest(21, { date: '2026-07-22' }), NOW, copy)).status).toBe('held');
  });

  it('refuses to take food off the menu or a package while parties booked chose it, and keeps their choices', async () => {
    const choices = [...Array.from({ length: 11 }, () => 'cheese-pizza'), 'ham-sandwiches'];
    const gold = partyRequest(30, { date: '2026-07-24', packageId: 'gold', slotId: 'morning-long', children: 12 });
    const party = await holdParty(t.ctx.db, gold, NOW, undefined, { foodChoices: choices });
    const before = await snapshot();
    const { version, value } = before.all.partyBooking;
    const noHam = await t.admin('PATCH', URL, {
      version,
      foodOptions: value.foodOptions.filter((o) => o.id !== 'ham-sandwiches'),
    });
    const noGoldFood = await t.admin('PATCH', URL, { version, foodPackages: ['silver'] });
    for (const res of [noHam, noGoldFood]) expect(res.statusCode, res.body).toBe(400);
    expect(noHam.json().error.fields.foodOptions).toEqual([
      '1 party is already booked with the food option removed (first date: 24 Jul 2026). Keep it on the menu until those parties are over.',
    ]);
    expect(noGoldFood.json().error.fields.foodPackages).toEqual([
      '1 party is already booked with party food in the package taken off (first date: 24 Jul 2026). Keep its food until those parties are over.',
    ]);
    expect(await snapshot()).toEqual(before);

    // Food nobody booked can go: Silver's (its parties here chose none) and the cheese sandwiches.
    const ok = await t.admin('PATCH', URL, {
      version,
      foodPackages: ['gold'],
      foodOptions: value.foodOptions.filter((o) => o.id !== 'cheese-sandwiches'),
    });
    expect(ok.statusCode, ok.body).toBe(200);

    // Gold's food taken off since (as another process might see it): a change of numbers, whose form
    // then sends no food, keeps the choices the sheet lists with their allergens.
    const live = await catalogueOf(t.ctx.db);
    const noFood: PartyCatalogue = {
      ...live,
      partyBooking: { ...live.partyBooking, value: { ...live.partyBooking.value, foodPackages: [] } },
    };
    const changed = await changeChildren(t.ctx.db, { id: party.id, children: 13, now: NOW, foodChoices: [] }, noFood);
    expect(changed.children).toBe(13);
    const [row] = await t.ctx.db.select().from(partyBookings).where(eq(partyBookings.id, party.id));
    expect(row!.foodChoices).toEqual(choices);
  });
});
