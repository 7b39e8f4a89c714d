import { describe, expect, it } from 'vitest';
import type { PartiesDocument } from '../../shared/catalogue';
import { seedPartiesDocument, seedSessions } from '../catalogue/seed-data';
import { estimatePartyPrice, findPartySlot, parsePartySlot, partySlotTimesOf } from './party-slots';

const seeded = { parties: seedPartiesDocument, sessions: seedSessions };

describe('party slots', () => {
  it('reads the party slot labels as 24-hour times', () => {
    expect(parsePartySlot('9:30-11:30 AM')).toEqual({ start: '09:30', end: '11:30' });
    expect(parsePartySlot('12:00-2:00 PM')).toEqual({ start: '12:00', end: '14:00' });
    expect(parsePartySlot('2:00-4:00 PM')).toEqual({ start: '14:00', end: '16:00' });
    expect(parsePartySlot('11:30 AM-1:30 PM')).toEqual({ start: '11:30', end: '13:30' });
    expect(parsePartySlot('whenever')).toBeNull();
  });

  it('maps every slot of the catalogue to the open-play sessions it overlaps; 4:30-6:30 PM is after hours', () => {
    const slots = partySlotTimesOf(seeded);
    expect(slots.map((s) => s.label)).toEqual(seedPartiesDocument.slots);
    expect(slots.map((s) => [s.start, s.end, s.sessionIds])).toEqual([
      ['09:30', '11:30', ['morning']],
      ['09:30', '12:30', ['morning', 'midday']],
      ['12:00', '14:30', ['midday', 'afternoon']],
      ['13:00', '16:00', ['midday', 'afternoon']],
      ['14:00', '16:00', ['afternoon']],
      ['16:30', '18:30', []],
    ]);
    expect(parsePartySlot('4:30 PM - 6:30 PM (after hours)')).toEqual({ start: '16:30', end: '18:30' });
    expect(findPartySlot(slots, '12:00-2:30 PM')?.sessionIds).toEqual(['midday', 'afternoon']);
    expect(findPartySlot(slots, undefined)).toBeNull();
  });

  it('follows an edit: a new slot, and a session moved away from a slot', () => {
    const slots = partySlotTimesOf({
      parties: { slots: [...seedPartiesDocument.slots, '6:00-8:00 PM'] },
      sessions: seedSessions.map((s) => (s.id === 'morning' ? { ...s, start: '10:00', end: '12:00' } : s)),
    });
    expect(slots.at(-1)).toEqual({ label: '6:00-8:00 PM', start: '18:00', end: '20:00', sessionIds: [] });
    expect(findPartySlot(slots, '9:30-11:30 AM')?.sessionIds).toEqual(['morning']); // 10:00-12:00 now
  });

  it('estimates a price from the package and the number of children', () => {
    expect(estimatePartyPrice(seedPartiesDocument, 'silver', '12')).toMatchObject({
      totalPence: 19_200,
      minimum: false,
      packageName: 'Silver',
    });
    expect(estimatePartyPrice(seedPartiesDocument, 'Gold', '25+')).toMatchObject({ totalPence: 47_500, minimum: true });
    expect(estimatePartyPrice(seedPartiesDocument, 'private-hire', '40')).toMatchObject({
      totalPence: 19_900,
      packageName: 'Private Hire',
    });
    expect(estimatePartyPrice(seedPartiesDocument, 'bronze', '')).toBeNull();
    expect(estimatePartyPrice(seedPartiesDocument, 'diamond', '10')).toBeNull();
  });

  it("prices from the catalogue's packages as they are now", () => {
    const edited: PartiesDocument = {
      ...seedPartiesDocument,
      packages: seedPartiesDocument.packages.map((p) => (p.id === 'silver' ? { ...p, perChildPence: 1700 } : p)),
      privateHire: { ...seedPartiesDocument.privateHire, pricePence: 25_000 },
    };
    expect(estimatePartyPrice(edited, 'silver', '10')?.totalPence).toBe(17_000);
    expect(estimatePartyPrice(edited, 'private-hire', '10')).toMatchObject({
      totalPence: 25_000,
      summary: expect.stringContaining('£250 for exclusive use'),
    });
  });
});
