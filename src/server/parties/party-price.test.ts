import { describe, expect, it } from 'vitest';
import { hoursText, packageFitsSlot, slotsClash, type AdminCatalogue } from '../../shared/catalogue';
import { roomsFreeFor } from './allocate-room';
import { seedPartiesDocument, seedSessions } from '../catalogue/seed-data';
import { packagePriceOn, partyPrice, repriceLines } from './party-price';
import { canChangeNumbers, depositRuleOn, partySlotOnSale } from './party-rules';
import { defaultPartyBooking, withPartyDefaults, type PartyCatalogue } from '../catalogue/party-settings';

const catalogue = (partyBooking: Partial<AdminCatalogue['partyBooking']['value']> = {}): PartyCatalogue => ({
  parties: { value: seedPartiesDocument, version: 1 },
  partyBooking: { value: withPartyDefaults(partyBooking), version: 0 },
  sessions: seedSessions.map((s) => ({ ...s, version: 1 })),
});

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return 'no error';
};

describe('party prices', () => {
  it('prices a package per child and Private Hire flat, in integer pence, with the £50 deposit', () => {
    expect(partyPrice(catalogue(), 'silver', 12, '2026-06-20')).toEqual({
      lines: [
        { kind: 'per_child', label: 'Silver party, per child', quantity: 12, unitPence: 1600, amountPence: 19200 },
      ],
      totalPence: 19200,
      depositPence: 5000,
    });
    expect(partyPrice(catalogue(), 'gold', 15, '2026-06-20').totalPence).toBe(28500); // issue 28's £285
    expect(partyPrice(catalogue(), 'bronze', 5, '2026-06-20').totalPence).toBe(6500);
    const hire = partyPrice(catalogue(), 'private-hire', 40, '2026-06-20');
    expect([hire.totalPence, hire.lines[0]!.quantity, hire.depositPence]).toEqual([19900, 1, 5000]);
  });

  it('uses the price in force on the party date: a scheduled change from its date on, the document before', () => {
    const priced = catalogue({
      priceChanges: [
        { packageId: 'silver', fromDate: '2026-07-01', pricePence: 1750 },
        { packageId: 'silver', fromDate: '2026-09-01', pricePence: 1800 },
        { packageId: 'private-hire', fromDate: '2026-07-01', pricePence: 21000 },
      ],
    });
    expect(partyPrice(priced, 'silver', 10, '2026-06-30').totalPence).toBe(16000);
    expect(partyPrice(priced, 'silver', 10, '2026-07-01').totalPence).toBe(17500);
    expect(partyPrice(priced, 'silver', 10, '2026-12-25').totalPence).toBe(18000);
    expect(packagePriceOn(priced, 'gold', '2026-07-01')).toBe(1900);
    expect(partyPrice(priced, 'private-hire', 30, '2026-07-02').totalPence).toBe(21000);
  });

  it('keeps each package to its children, whatever number is sent', () => {
    for (const n of [4, 25, 0, -1, 12.5, Number.NaN, 1e12, Infinity])
      expect(
        code(() => partyPrice(catalogue(), 'silver', n, '2026-06-20')),
        String(n),
      ).toBe('party_children_out_of_range');
    expect(partyPrice(catalogue(), 'silver', 24, '2026-06-20').totalPence).toBe(38400);
    expect(code(() => partyPrice(catalogue(), 'private-hire', 61, '2026-06-20'))).toBe('party_children_out_of_range');
    expect(code(() => partyPrice(catalogue(), 'platinum', 10, '2026-06-20'))).toBe('invalid_input');
  });

  it('takes the whole price as deposit when the party costs less than the deposit', () => {
    expect(partyPrice(catalogue({ depositPence: 9000 }), 'bronze', 5, '2026-06-20').depositPence).toBe(6500);
  });

  it('reprices per-child lines at the unit price sold, flat lines not at all', () => {
    const { lines } = partyPrice(catalogue(), 'silver', 12, '2026-06-20');
    expect(repriceLines(lines, 15)).toEqual([{ ...lines[0], quantity: 15, amountPence: 24000 }]);
    const flat = partyPrice(catalogue(), 'private-hire', 30, '2026-06-20').lines;
    expect(repriceLines(flat, 50)).toEqual(flat);
  });
});

describe('party settings', () => {
  it('fills every field a stored document lacks with its default', () => {
    expect(withPartyDefaults(undefined)).toEqual(defaultPartyBooking);
    expect(withPartyDefaults({})).toEqual(defaultPartyBooking);
    const partial = withPartyDefaults({ depositPence: 6000, packageSlots: { silver: ['midday'] } });
    expect(partial.depositPence).toBe(6000);
    expect(partial.rooms).toHaveLength(2);
    expect(partial.packageSlots.silver).toEqual(['midday']);
    expect(partial.packageSlots['private-hire']).toEqual(['evening']);
  });
});

describe('party dates and deadlines', () => {
  // Monday 1 June 2026, 12:00 BST.
  const now = new Date('2026-06-01T11:00:00Z');

  it('sells from the next slot today through the party booking horizon (6 months by default)', () => {
    const six = { horizonMonths: 6 };
    expect(partySlotOnSale('2026-05-31', { start: '14:00' }, now, six)).toBe(false);
    expect(partySlotOnSale('2026-06-01', { start: '09:30' }, now, six)).toBe(false);
    expect(partySlotOnSale('2026-06-01', { start: '12:00' }, now, six)).toBe(false);
    expect(partySlotOnSale('2026-06-01', { start: '14:00' }, now, six)).toBe(true);
    expect(partySlotOnSale('2026-07-27', { start: '09:30' }, now, six)).toBe(true); // eight weeks ahead
    expect(partySlotOnSale('2026-12-01', { start: '16:00' }, now, six)).toBe(true);
    expect(partySlotOnSale('2026-12-02', { start: '09:30' }, now, six)).toBe(false);
    // A venue that sells one month ahead, as visits are.
    expect(partySlotOnSale('2026-07-01', { start: '16:00' }, now, { horizonMonths: 1 })).toBe(true);
    expect(partySlotOnSale('2026-07-02', { start: '09:30' }, now, { horizonMonths: 1 })).toBe(false);
  });

  it('refunds the deposit more than 14 days before the party, keeps it after', () => {
    expect(depositRuleOn('2026-06-16', now)).toBe('refund'); // 15 days
    expect(depositRuleOn('2026-06-15', now)).toBe('keep'); // 14 days
    expect(depositRuleOn('2026-06-02', now)).toBe('keep');
  });

  it('lets numbers change until 7 days before the party', () => {
    expect(canChangeNumbers('2026-06-08', now)).toBe(true); // 7 days
    expect(canChangeNumbers('2026-06-07', now)).toBe(false); // 6 days
  });
});

describe('slots by package length, and a room’s time to clear', () => {
  const slot = (start: string, end: string) => ({ id: `${start}-${end}`, label: '', start, end });

  it('sells a package only in slots at least as long as it runs', () => {
    const doc = { packageMinutes: { bronze: 120, silver: 150, gold: 180 } };
    expect(packageFitsSlot(doc, 'gold', slot('09:30', '11:30'))).toBe(false);
    expect(packageFitsSlot(doc, 'gold', slot('09:30', '12:30'))).toBe(true);
    expect(packageFitsSlot(doc, 'silver', slot('12:00', '14:30'))).toBe(true);
    expect(packageFitsSlot(doc, 'bronze', slot('09:30', '12:30'))).toBe(true); // longer is fine
    expect(packageFitsSlot(doc, 'private-hire', slot('16:30', '17:00'))).toBe(true); // runs for its slot
    expect([hoursText(60), hoursText(120), hoursText(150), hoursText(200)]).toEqual([
      '1 hour',
      '2 hours',
      '2.5 hours',
      '3.33 hours',
    ]);
  });

  it('keeps two parties in one room at least 30 minutes apart', () => {
    expect(slotsClash(slot('09:30', '11:30'), slot('12:00', '14:30'), 30)).toBe(false); // 30 minutes
    expect(slotsClash(slot('09:30', '12:30'), slot('12:00', '14:30'), 30)).toBe(true); // overlap
    expect(slotsClash(slot('12:00', '14:00'), slot('14:00', '16:00'), 30)).toBe(true); // back to back
    expect(slotsClash(slot('12:00', '14:00'), slot('14:00', '16:00'), 0)).toBe(false);
    expect(slotsClash(slot('14:00', '16:00'), slot('16:30', '18:30'), 30)).toBe(false);
  });

  it('gives a room free of every party too close to the slot; Private Hire only the whole barn', () => {
    const catalogue = {
      parties: { value: seedPartiesDocument, version: 1 },
      partyBooking: { value: defaultPartyBooking, version: 0 },
      sessions: seedSessions.map((x) => ({ ...x, version: 1 })),
    } as unknown as PartyCatalogue;
    const byId = (id: string) => defaultPartyBooking.slots.find((x) => x.id === id)!;
    const live = [{ slotId: 'morning-long', roomId: 'room-1' }];
    expect(roomsFreeFor(catalogue, byId('midday'), live)).toEqual({ rooms: ['room-2'], barnFree: false });
    expect(roomsFreeFor(catalogue, byId('afternoon-long'), live)).toEqual({
      rooms: ['room-1', 'room-2'],
      barnFree: true,
    });
    const hire = [{ slotId: 'evening', roomId: null }];
    expect(roomsFreeFor(catalogue, byId('afternoon'), hire)).toEqual({ rooms: ['room-1', 'room-2'], barnFree: true });
    expect(roomsFreeFor(catalogue, byId('evening'), hire)).toEqual({ rooms: [], barnFree: false });
    // A party in a slot since removed counts in its own slot id only.
    expect(roomsFreeFor(catalogue, byId('morning'), [{ slotId: 'gone', roomId: 'room-1' }]).rooms).toHaveLength(2);
  });
});
