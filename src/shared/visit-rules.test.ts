import { describe, expect, it } from 'vitest';
import { pages, pageText } from './pages';
import { parkingBringLine, parkingRuleOf, whatToBringOf } from './visit-rules';

describe('the parking words, written from the numbers', () => {
  it("words today's car park", () => {
    const p = { freeHours: 2, chargePence: 800, chargePeriodHours: 2 };
    expect(parkingRuleOf(p)).toBe('Parking is free for the first 2 hours, then £8 for every further 2 hours.');
    expect(parkingBringLine(p)).toBe("Your car's number plate if you drive: the first 2 hours of parking are free.");
  });

  it('says "hour" for one, and copes with no free time or no charge', () => {
    const one = { freeHours: 1, chargePence: 350, chargePeriodHours: 1 };
    expect(parkingRuleOf(one)).toBe('Parking is free for the first hour, then £3.50 for every further hour.');
    expect(parkingBringLine(one)).toBe("Your car's number plate if you drive: the first hour of parking is free.");
    const paid = { freeHours: 0, chargePence: 200, chargePeriodHours: 3 };
    expect(parkingRuleOf(paid)).toBe('Parking costs £2 for every 3 hours.');
    expect(parkingBringLine(paid)).toBe("Your car's number plate if you drive: parking costs £2 for every 3 hours.");
    const free = { freeHours: 0, chargePence: 0, chargePeriodHours: 1 };
    expect(parkingRuleOf(free)).toBe('Parking is free.');
    expect(parkingBringLine(free)).toBe("Your car's number plate if you drive: parking is free.");
  });

  it("adds the parking line after the venue's own lines", () => {
    const parking = { freeHours: 2, chargePence: 800, chargePeriodHours: 2 };
    expect(whatToBringOf({ whatToBring: ['Socks'], parking })).toEqual(['Socks', parkingBringLine(parking)]);
  });
});

describe("the credits page's description", () => {
  it('is written from the bundle and the child ticket, as the page itself is', () => {
    const meta = pages.find((p) => p.path === '/session-credits')!;
    const facts = {
      venue: { name: 'Barn', address: { town: 'Bridgwater', county: 'Somerset' } },
      parties: { packages: [] },
      visitRules: { creditBundle: { credits: 12, pricePence: 9900 } },
      ticketTypes: [{ id: 'kids', pricePence: 950, feePence: 0, paidByCredit: true }],
    };
    expect(pageText(meta.description, facts)).toBe(
      'Buy 12 session credits for £99 and save £15. Credits never expire.',
    );
  });
});
