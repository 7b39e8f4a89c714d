import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueOf } from '../catalogue/catalogue-store';
import { runSweep } from '../sweep';
import { partyBookings, sessionRestrictions } from '../db/schema';
import type { PaymentProvider } from '../payments/provider';
import { rowCounter } from '../testing/row-counts';
import { openTestDatabase, testDbKinds } from '../testing/test-database';
import { cancelParty } from './cancel-party';
import { changeChildren } from './change-children';
import { confirmParty } from './confirm-party';
import { expirePartyHolds } from './expire-holds';
import { holdParty } from './hold-party';
import { partyAvailability } from './party-availability';
import { withPartyDefaults, type PartyCatalogue } from '../catalogue/party-settings';
import { codeOf, liveParties, partyRequest } from './testing/party-fixtures';
import { raceInProcesses } from './testing/race-processes';
import { composeSellers } from '../sellers';

// Monday 1 June 2026, 09:00 BST: bookable through 1 July. Each test uses dates of its own.
const NOW = new Date('2026-06-01T08:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
/** The sweep here has no ticket payments to ask about: any call to the provider is a failure. */
const noPayments = new Proxy({} as PaymentProvider, {
  get: () => {
    throw new Error('the sweep asked the payment provider');
  },
});

describe.each(testDbKinds)('parties on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let catalogue: PartyCatalogue;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    catalogue = await catalogueOf(database.db);
  });
  afterAll(() => database?.close());
  const db = () => database.db;

  it('reads the defaults from a database that has no party settings stored', () => {
    expect(catalogue.partyBooking.version).toBe(0);
    expect(catalogue.partyBooking.value.rooms.map((r) => r.name)).toEqual(['Party Room 1', 'Party Room 2']);
    expect(catalogue.partyBooking.value.depositPence).toBe(5000);
  });

  it('offers a month of slots: from the next slot today through the horizon, rooms and packages', async () => {
    const june = await partyAvailability(db(), catalogue, '2026-06', NOW);
    expect(june.rooms).toBe(2);
    expect(june.days[0]!.date).toBe('2026-06-01');
    expect(june.days.at(-1)!.date).toBe('2026-06-30');
    const saturday = june.days.find((d) => d.date === '2026-06-27')!;
    expect(saturday.slots.map((s) => [s.slotId, s.roomsFree, s.packages])).toEqual([
      // Each package in slots at least as long as it runs: Bronze 2 h, Silver 2.5 h, Gold 3 h.
      ['morning', 2, ['bronze']],
      ['morning-long', 2, ['silver', 'gold']],
      ['midday', 2, ['bronze', 'silver']],
      ['afternoon-long', 2, ['silver', 'gold']],
      ['afternoon', 2, ['bronze']],
      ['evening', 2, ['private-hire']],
    ]);
    // Parties are sold 6 months ahead (visits: one month): through 1 December.
    expect(june.lastDate).toBe('2026-12-01');
    const august = await partyAvailability(db(), catalogue, '2026-08', NOW);
    expect(august.days).toHaveLength(31);
    const december = await partyAvailability(db(), catalogue, '2026-12', NOW);
    expect(december.days.map((d) => d.date)).toEqual(['2026-12-01']);
    expect((await partyAvailability(db(), catalogue, '2026-05', NOW)).days).toEqual([]);
    expect((await partyAvailability(db(), catalogue, '2027-01', NOW)).days).toEqual([]);
    expect(await codeOf(partyAvailability(db(), catalogue, '2026-13', NOW))).toBe('invalid_input');
    // At 12:30 the morning and midday slots of today have started.
    const later = await partyAvailability(db(), catalogue, '2026-06', new Date('2026-06-01T11:30:00Z'));
    expect(later.days[0]!.slots.map((s) => s.slotId)).toEqual(['afternoon-long', 'afternoon', 'evening']);
  });

  it('gives the two rooms, then answers party_slot_taken, and shows the slot full', async () => {
    const date = '2026-06-20';
    const first = await holdParty(db(), partyRequest(1, { date }), NOW, catalogue);
    const second = await holdParty(db(), partyRequest(2, { date, packageId: 'bronze', children: 15 }), NOW, catalogue);
    expect([first.roomId, second.roomId]).toEqual(['room-1', 'room-2']);
    expect(first).toMatchObject({ status: 'held', totalPence: 19200, depositPence: 5000, children: 12 });
    expect(first.reference).toMatch(/^PTP-[A-Z2-9]{6}$/);
    expect(first.holdExpiresAt).toEqual(minutes(15));
    expect(await codeOf(holdParty(db(), partyRequest(3, { date }), NOW, catalogue))).toBe('party_slot_taken');
    expect(await liveParties(db(), date, 'midday')).toHaveLength(2);
    const day = (await partyAvailability(db(), catalogue, '2026-06', NOW)).days.find((d) => d.date === date)!;
    expect(day.slots.find((s) => s.slotId === 'midday')).toMatchObject({ roomsFree: 0, packages: [] });
    expect(day.slots.find((s) => s.slotId === 'morning')).toMatchObject({ roomsFree: 2 });
    // Slots too close to the midday parties (the rooms' 30 minutes to clear) are full with it.
    expect(day.slots.find((s) => s.slotId === 'morning-long')).toMatchObject({ roomsFree: 0, packages: [] });
    expect(day.slots.find((s) => s.slotId === 'afternoon-long')).toMatchObject({ roomsFree: 0, packages: [] });
    expect(day.slots.find((s) => s.slotId === 'afternoon')).toMatchObject({ roomsFree: 0, packages: [] });
  });

  it('refuses what cannot be sold, and writes nothing anywhere', async () => {
    const counts = await rowCounter(db());
    const before = await counts();
    const refused = async (over: Parameters<typeof partyRequest>[1]) =>
      codeOf(holdParty(db(), partyRequest(9, { date: '2026-06-13', ...over }), NOW, catalogue));
    expect(await refused({ slotId: 'evening' })).toBe('party_slot_not_allowed');
    expect(await refused({ packageId: 'private-hire', slotId: 'midday' })).toBe('party_slot_not_allowed');
    expect(await refused({ slotId: 'midnight' })).toBe('party_slot_not_allowed');
    expect(await refused({ packageId: 'platinum' })).toBe('party_slot_not_allowed');
    for (const children of [4, 25, -3, 0, 7.5, 1e9])
      expect(await refused({ children }), String(children)).toBe('party_children_out_of_range');
    expect(await refused({ packageId: 'private-hire', slotId: 'evening', children: 61 })).toBe(
      'party_children_out_of_range',
    );
    expect(await refused({ date: '2026-05-31' })).toBe('party_date_out_of_range');
    expect(await refused({ date: '2026-12-02' })).toBe('party_date_out_of_range');
    expect(await refused({ packageId: 'gold', slotId: 'midday' })).toBe('party_slot_not_allowed'); // 3 h in 2.5 h
    expect(await refused({ date: '2027-06-13' })).toBe('party_date_out_of_range');
    expect(await refused({ childAge: 0 })).toBe('invalid_input');
    const started = new Date('2026-06-01T11:30:00Z'); // 12:30 BST
    expect(await codeOf(holdParty(db(), partyRequest(9, { date: '2026-06-01' }), started, catalogue))).toBe(
      'party_date_out_of_range',
    );
    expect(await counts()).toEqual(before);
  });

  it('closes the slots a closure covers: a whole day, or the slots overlapping a closed session', async () => {
    await db()
      .insert(sessionRestrictions)
      .values([
        { date: '2026-06-10', sessionId: null, reason: 'Deep clean', createdBy: 'admin' },
        { date: '2026-06-11', sessionId: 'midday', reason: 'School visit', createdBy: 'admin' },
      ]);
    expect(await codeOf(holdParty(db(), partyRequest(4, { date: '2026-06-10' }), NOW, catalogue))).toBe(
      'party_date_closed',
    );
    const days = (await partyAvailability(db(), catalogue, '2026-06', NOW)).days;
    const closed = days.find((d) => d.date === '2026-06-10')!;
    expect(closed.closed).toBe(true);
    expect(closed.slots.every((s) => s.roomsFree === 0 && s.packages.length === 0)).toBe(true);
    const partly = days.find((d) => d.date === '2026-06-11')!;
    expect(partly.closed).toBe(false);
    // The midday session (12:00-14:00) shuts the slots it overlaps: 9:30-12:30, 12:00-2:30 and 1:00-4:00.
    expect(partly.slots.map((s) => s.packages.length > 0)).toEqual([true, false, false, false, true, true]);
    expect(
      (
        await holdParty(
          db(),
          partyRequest(4, { date: '2026-06-11', slotId: 'morning', packageId: 'bronze' }),
          NOW,
          catalogue,
        )
      ).roomId,
    ).toBe('room-1');
  });

  it('frees a room when its hold runs out: by the sweep, or by the next family', async () => {
    const date = '2026-06-21';
    await holdParty(db(), partyRequest(5, { date }), NOW, catalogue);
    await holdParty(db(), partyRequest(6, { date }), minutes(10), catalogue);
    expect(await codeOf(holdParty(db(), partyRequest(7, { date }), minutes(14), catalogue))).toBe('party_slot_taken');
    // At 16 minutes the first hold has run out: not offered as taken, and the sweep expires it.
    const day = (await partyAvailability(db(), catalogue, '2026-06', minutes(16))).days.find((d) => d.date === date)!;
    expect(day.slots.find((s) => s.slotId === 'midday')!.roomsFree).toBe(1);
    const swept = await runSweep({
      db: db(),
      provider: noPayments,
      sellers: composeSellers(),
      publicUrl: 'http://127.0.0.1',
      now: minutes(16),
    });
    expect(swept.released).toBeGreaterThanOrEqual(1); // and any earlier test's holds
    const third = await holdParty(db(), partyRequest(7, { date }), minutes(16), catalogue);
    expect(third.roomId).toBe('room-1');
    // At 26 minutes the second has run out too; no sweep ran: the next family gets its room all the same.
    const fourth = await holdParty(db(), partyRequest(8, { date }), minutes(26), catalogue);
    expect(fourth.roomId).toBe('room-2');
    expect((await liveParties(db(), date, 'midday')).map((p) => p.parentEmail)).toEqual([
      'family7@example.com',
      'family8@example.com',
    ]);
  });

  it('gives Private Hire the barn only when every room is free, and then nobody else the slot', async () => {
    // A catalogue where Silver may use the after-hours slot too, to show Private Hire waits for rooms.
    const shared: PartyCatalogue = {
      ...catalogue,
      partyBooking: {
        // The stored settings' version: a hold refuses a copy older than what is stored (409).
        version: catalogue.partyBooking.version,
        value: withPartyDefaults({
          packageSlots: { silver: ['morning', 'midday', 'afternoon', 'evening'], 'private-hire': ['evening'] },
          // Silver made a 2-hour party, to fit the 2-hour evening slot.
          packageMinutes: { silver: 120 },
        }),
      },
    };
    const date = '2026-06-27';
    const hire = (i: number) =>
      holdParty(
        db(),
        partyRequest(i, { date, slotId: 'evening', packageId: 'private-hire', children: 40 }),
        NOW,
        shared,
      );
    const silver = await holdParty(db(), partyRequest(10, { date, slotId: 'evening' }), NOW, shared);
    expect(silver.roomId).toBe('room-1');
    const evening = async () =>
      (await partyAvailability(db(), shared, '2026-06', NOW)).days
        .find((d) => d.date === date)!
        .slots.find((s) => s.slotId === 'evening')!;
    expect(await evening()).toMatchObject({ roomsFree: 1, packages: ['silver'] });
    expect(await codeOf(hire(11))).toBe('party_slot_taken');
    await cancelParty(db(), { id: silver.id, now: NOW, by: { role: 'family' } });
    const barn = await hire(11);
    expect(barn).toMatchObject({ roomId: null, packageId: 'private-hire', totalPence: 19900 });
    expect(await codeOf(holdParty(db(), partyRequest(12, { date, slotId: 'evening' }), NOW, shared))).toBe(
      'party_slot_taken',
    );
    expect(await codeOf(hire(13))).toBe('party_slot_taken');
    expect(await evening()).toMatchObject({ roomsFree: 0, packages: [] });
    // Other slots of the day are not the barn's.
    expect((await holdParty(db(), partyRequest(14, { date, slotId: 'afternoon' }), NOW, shared)).roomId).toBe('room-1');
  });

  it('confirms a held party, and a late payment only while a room is still free', async () => {
    const date = '2026-06-22';
    const held = await holdParty(db(), partyRequest(20, { date }), NOW, catalogue);
    expect((await confirmParty(db(), held.id, minutes(5), catalogue)).outcome).toBe('confirmed');
    expect((await confirmParty(db(), held.id, minutes(6), catalogue)).outcome).toBe('already_confirmed');
    // Paid after its hold ran out and was swept, with a room still free: confirmed in a free room.
    const late = await holdParty(db(), partyRequest(21, { date }), NOW, catalogue);
    await expirePartyHolds(db(), minutes(20));
    const revived = await confirmParty(db(), late.id, minutes(21), catalogue);
    expect(revived.party).toMatchObject({ status: 'confirmed', roomId: 'room-2', holdExpiresAt: null });
    // Paid after its room went to someone else: refused, for the payment step to refund.
    const bronze = { date, slotId: 'morning', packageId: 'bronze' };
    const lost = await holdParty(db(), partyRequest(22, bronze), NOW, catalogue);
    await holdParty(db(), partyRequest(23, bronze), NOW, catalogue);
    await holdParty(db(), partyRequest(24, bronze), minutes(16), catalogue);
    await holdParty(db(), partyRequest(25, bronze), minutes(16), catalogue);
    expect(await codeOf(confirmParty(db(), lost.id, minutes(17), catalogue))).toBe('party_hold_expired');
    expect(await codeOf(confirmParty(db(), '00000000-0000-4000-8000-000000000000', NOW, catalogue))).toBe(
      'party_not_found',
    );
    expect(await codeOf(confirmParty(db(), 'not-a-uuid', NOW, catalogue))).toBe('party_not_found');
  });

  it('gives a late deposit a room from the settings as they are now, not a room just removed', async () => {
    // A database of its own: the settings edited here would make every later hold here stale.
    const own = await openTestDatabase(kind);
    try {
      const copy = await catalogueOf(own.db);
      const late = await holdParty(own.db, partyRequest(26, { date: '2026-06-24' }), NOW, copy);
      expect(late.roomId).toBe('room-1');
      await expirePartyHolds(own.db, minutes(20));
      // An admin removes Party Room 1 (the stored settings move on a version) after this process read its copy.
      const rooms = copy.partyBooking.value.rooms.filter((r) => r.id !== 'room-1');
      await own.db.execute(sql`
        update catalogue_documents set value = ${JSON.stringify({ ...copy.partyBooking.value, rooms })}::jsonb,
          version = version + 1 where key = 'party_booking'`);
      const revived = await confirmParty(own.db, late.id, minutes(21), copy);
      expect(revived.party).toMatchObject({ status: 'confirmed', roomId: 'room-2' });
    } finally {
      await own.close();
    }
  });

  it('changes the numbers until 7 days before, repriced at the price it was sold at', async () => {
    const date = '2026-06-15';
    const party = await holdParty(db(), partyRequest(30, { date }), NOW, catalogue);
    await confirmParty(db(), party.id, NOW, catalogue);
    // A price rise after the sale does not reach it.
    const risen: PartyCatalogue = {
      ...catalogue,
      partyBooking: {
        version: 1,
        value: withPartyDefaults({ priceChanges: [{ packageId: 'silver', fromDate: '2026-06-01', pricePence: 2000 }] }),
      },
    };
    const eight = new Date('2026-06-08T08:00:00Z'); // 7 days before
    const changed = await changeChildren(db(), { id: party.id, children: 15, now: eight, version: 2 }, risen);
    expect(changed).toMatchObject({ children: 15, totalPence: 24000, depositPence: 5000, version: 3 });
    expect(changed.lines[0]).toMatchObject({ quantity: 15, unitPence: 1600, amountPence: 24000 });
    expect(await codeOf(changeChildren(db(), { id: party.id, children: 16, now: eight, version: 2 }, risen))).toBe(
      'stale_version',
    );
    expect(await codeOf(changeChildren(db(), { id: party.id, children: 30, now: eight }, risen))).toBe(
      'party_children_out_of_range',
    );
    const six = new Date('2026-06-09T08:00:00Z'); // 6 days before
    expect(await codeOf(changeChildren(db(), { id: party.id, children: 10, now: six }, risen))).toBe(
      'party_change_too_late',
    );
    const [row] = await db()
      .select()
      .from(partyBookings)
      .where(sql`id = ${party.id}`);
    expect([row!.children, row!.totalPence]).toEqual([15, 24000]);
  });

  it('cancels with the deposit rule: refund more than 14 days before, keep after, an admin may overrule', async () => {
    const confirmed = async (i: number, date: string) => {
      const p = await holdParty(db(), partyRequest(i, { date, slotId: 'afternoon-long' }), NOW, catalogue);
      return (await confirmParty(db(), p.id, NOW, catalogue)).party;
    };
    const early = await confirmed(40, '2026-06-16'); // 15 days ahead
    expect(await cancelParty(db(), { id: early.id, now: NOW, by: { role: 'family' } })).toMatchObject({
      deposit: 'refund',
      rule: 'refund',
      overridden: false,
    });
    const late = await confirmed(41, '2026-06-15'); // 14 days ahead
    expect(
      await codeOf(
        cancelParty(db(), {
          id: late.id,
          now: NOW,
          by: { role: 'staff' },
          override: { deposit: 'refund', reason: 'x' },
        }),
      ),
    ).toBe('forbidden');
    expect(
      await codeOf(
        cancelParty(db(), {
          id: late.id,
          now: NOW,
          by: { role: 'admin' },
          override: { deposit: 'refund', reason: ' ' },
        }),
      ),
    ).toBe('invalid_input');
    expect((await cancelParty(db(), { id: late.id, now: NOW, by: { role: 'staff' } })).deposit).toBe('keep');
    const other = await confirmed(42, '2026-06-14');
    const overruled = await cancelParty(db(), {
      id: other.id,
      now: NOW,
      by: { role: 'admin' },
      override: { deposit: 'refund', reason: 'Child in hospital' },
    });
    expect(overruled).toMatchObject({ deposit: 'refund', rule: 'keep', overridden: true });
    const [row] = await db()
      .select()
      .from(partyBookings)
      .where(sql`id = ${other.id}`);
    expect(row).toMatchObject({ status: 'cancelled', depositOutcome: 'refund', cancelReason: 'Child in hospital' });
    expect(await codeOf(cancelParty(db(), { id: other.id, now: NOW, by: { role: 'admin' } }))).toBe('not_cancellable');
    const held = await holdParty(
      db(),
      partyRequest(43, { date: '2026-06-16', slotId: 'afternoon-long' }),
      NOW,
      catalogue,
    );
    expect((await cancelParty(db(), { id: held.id, now: NOW, by: { role: 'family' } })).deposit).toBe('none');
    // The rooms are free again.
    expect(await liveParties(db(), '2026-06-15', 'afternoon-long')).toEqual([]);
  });

  it('lets exactly one of 30 families take the last room at once, in one process', async () => {
    const date = '2026-06-28';
    await holdParty(db(), partyRequest(50, { date }), NOW, catalogue);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => codeOf(holdParty(db(), partyRequest(100 + i, { date }), NOW, catalogue))),
    );
    expect(results.filter((r) => r === 'no error')).toHaveLength(1);
    expect(results.filter((r) => r === 'party_slot_taken')).toHaveLength(29);
    expect(await liveParties(db(), date, 'midday')).toHaveLength(2);
  });

  // Issue 28: two processes, each with its own pool, 30 families at once for the last room of a Saturday slot.
  if (kind === 'postgres')
    it('lets exactly one of 30 families in two processes take the last room of a Saturday slot', async () => {
      const date = '2026-06-06'; // a Saturday
      await holdParty(db(), partyRequest(60, { date }), NOW, catalogue);
      const outcomes = await raceInProcesses({
        databaseUrl: database.url!,
        date,
        now: NOW,
        processes: 2,
        perProcess: 15,
      });
      expect(outcomes).toHaveLength(30);
      expect(outcomes.filter((o) => o === 'no error')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'party_slot_taken')).toHaveLength(29);
      const live = await liveParties(db(), date, 'midday');
      expect(live.filter((p) => p.parentEmail !== 'family60@example.com')).toHaveLength(1);
      expect(live.map((p) => p.roomId)).toEqual(['room-1', 'room-2']);
    }, 60_000);
});
