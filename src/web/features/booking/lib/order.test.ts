import { describe, expect, it } from 'vitest';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { childCount, expectedCreditSaving, orderLines, orderTotal, pointsPreview, pricesDiffer } from './order';

const type = (id: string, price: number, over: Partial<TicketTypeDto> = {}): TicketTypeDto => ({
  id,
  title: id,
  description: '',
  price,
  fee: 0,
  ageRange: '',
  colour: 'sky',
  isChild: id !== 'adult',
  ageFrom: id === 'child-0-1' ? 0 : id === 'child-1-12' ? 1 : null,
  ageTo: id === 'child-0-1' ? 0 : id === 'child-1-12' ? 12 : null,
  paidByCredit: id === 'child-1-12',
  weekdayMorningOnly: false,
  sellDays: 'any',
  sessionIds: [],
  ...over,
});
const types = [
  type('child-0-1', 400),
  type('child-1-12', 950),
  type('adult', 200),
  type('baby-toddler', 800, { weekdayMorningOnly: true, sellDays: 'weekdays', sessionIds: ['morning'] }),
];
// Which tickets count against capacity, as the catalogue says.
const catalogueTypes = [
  { id: 'child-0-1', isChild: true },
  { id: 'child-1-12', isChild: true },
  { id: 'adult', isChild: false },
];

describe('order arithmetic (integer pence)', () => {
  it('prices two children and an adult at £21.00 and previews 21 points', () => {
    const lines = orderLines(types, { 'child-1-12': 2, adult: 1, 'child-0-1': 0 });
    expect(lines.map((l) => [l.id, l.quantity, l.amount])).toEqual([
      ['child-1-12', 2, 1900],
      ['adult', 1, 200],
    ]);
    expect(orderTotal(lines)).toBe(2100);
    expect(pointsPreview(2100)).toBe(21);
    expect(pointsPreview(1199)).toBe(11);
  });

  it('adds the fee to the unit price', () => {
    expect(orderTotal(orderLines([type('x', 500, { fee: 25 })], { x: 3 }))).toBe(1575);
  });

  it('counts children for capacity, not adults', () => {
    expect(childCount(catalogueTypes, { 'child-1-12': 2, adult: 3, 'child-0-1': 1 })).toBe(3);
  });

  it("estimates the credit saving as min(child tickets, credits) x that day's child price", () => {
    expect(expectedCreditSaving(types, { 'child-1-12': 3 }, 2)).toBe(1900);
    expect(expectedCreditSaving(types, { 'child-1-12': 1 }, 5)).toBe(950);
    expect(expectedCreditSaving(types, { adult: 2 }, 5)).toBe(0);
    const risen = types.map((t) => (t.id === 'child-1-12' ? { ...t, price: 1050 } : t));
    expect(expectedCreditSaving(risen, { 'child-1-12': 2 }, 5)).toBe(2100);
  });

  it('sees when a visit date prices the same tickets differently', () => {
    const q = { 'child-1-12': 2, adult: 1 };
    const risen = types.map((t) => (t.id === 'adult' ? { ...t, price: 250 } : t));
    expect(pricesDiffer(orderLines(types, q), orderLines(types, q))).toBe(false);
    expect(pricesDiffer(orderLines(types, q), orderLines(risen, q))).toBe(true);
  });
});
