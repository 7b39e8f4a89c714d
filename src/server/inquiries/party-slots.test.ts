import { describe, expect, it } from 'vitest';
import { partySlots } from '../../shared/venue';
import { estimatePartyPrice, findPartySlot, parsePartySlot, partySlotTimes } from './party-slots';

describe('party slots', () => {
  it('reads the party slot labels as 24-hour times', () => {
    expect(parsePartySlot('9:30-11:30 AM')).toEqual({ start: '09:30', end: '11:30' });
    expect(parsePartySlot('12:00-2:00 PM')).toEqual({ start: '12:00', end: '14:00' });
    expect(parsePartySlot('2:00-4:00 PM')).toEqual({ start: '14:00', end: '16:00' });
    expect(parsePartySlot('11:30 AM-1:30 PM')).toEqual({ start: '11:30', end: '13:30' });
    expect(parsePartySlot('whenever')).toBeNull();
  });

  it('maps every slot of venue.ts; the daytime ones are the open-play sessions, 4-6 PM is after hours', () => {
    expect(partySlotTimes.map((s) => s.label)).toEqual([...partySlots]);
    expect(partySlotTimes.map((s) => s.sessionId)).toEqual(['morning', 'midday', 'afternoon', null]);
    expect(findPartySlot('12:00 PM - 2:00 PM')?.sessionId).toBe('midday');
    expect(findPartySlot(undefined)).toBeNull();
  });

  it('estimates a price from the package and the number of children', () => {
    expect(estimatePartyPrice('silver', '12')).toMatchObject({
      totalPence: 19_200,
      minimum: false,
      packageName: 'Silver',
    });
    expect(estimatePartyPrice('Gold', '25+')).toMatchObject({ totalPence: 47_500, minimum: true });
    expect(estimatePartyPrice('private-hire', '40')).toMatchObject({ totalPence: 19_900, packageName: 'Private Hire' });
    expect(estimatePartyPrice('bronze', '')).toBeNull();
    expect(estimatePartyPrice('diamond', '10')).toBeNull();
  });
});
