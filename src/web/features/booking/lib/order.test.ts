import { describe, expect, it } from 'vitest';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { childCount, expectedCreditSaving, needsWeekdayMorning, orderLines, orderTotal, pointsPreview } from './order';

const type = (id: string, price: number, over: Partial<TicketTypeDto> = {}): TicketTypeDto => ({
  id,
  title: id,
  description: '',
  price,
  fee: 0,
  ageRange: '',
  colour: 'sky',
  weekdayMorningOnly: false,
  sellDays: 'any',
  sessionIds: [],
  ...over,
});
const types = [
  type('child-0-1', 400),
  type('child-1-12', 950),
  type('adult', 200),
  type('baby-toddler', 800, { weekdayMorningOnly: true }),
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
    expect(childCount({ 'child-1-12': 2, adult: 3, 'child-0-1': 1 })).toBe(3);
  });

  it('estimates the credit saving as min(child tickets, credits) x £9.50', () => {
    expect(expectedCreditSaving({ 'child-1-12': 3 }, 2)).toBe(1900);
    expect(expectedCreditSaving({ 'child-1-12': 1 }, 5)).toBe(950);
    expect(expectedCreditSaving({ adult: 2 }, 5)).toBe(0);
  });

  it('knows when the basket needs the weekday morning session', () => {
    expect(needsWeekdayMorning(types, { 'baby-toddler': 1 })).toBe(true);
    expect(needsWeekdayMorning(types, { 'baby-toddler': 0, adult: 1 })).toBe(false);
  });
});
