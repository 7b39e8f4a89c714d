import { describe, expect, it } from 'vitest';
import { ageOn, ageText, childrenOnVisit, suggestTickets, ticketTypeForAge } from './child-tickets';

describe('a child’s age on the visit date', () => {
  it('counts a birthday from its own day, not the day after or before', () => {
    expect(ageOn('2020-06-15', '2025-06-14')).toBe(4);
    expect(ageOn('2020-06-15', '2025-06-15')).toBe(5);
    expect(ageOn('2020-06-15', '2025-06-16')).toBe(5);
    // An earlier month with a later day is still before the birthday.
    expect(ageOn('2020-06-15', '2025-05-31')).toBe(4);
    expect(ageOn('2020-06-15', '2025-07-01')).toBe(5);
  });

  it('crosses the year end', () => {
    expect(ageOn('2019-12-31', '2025-12-30')).toBe(5);
    expect(ageOn('2019-12-31', '2025-12-31')).toBe(6);
    expect(ageOn('2020-01-01', '2025-12-31')).toBe(5);
  });

  it('a baby is 0 until their first birthday, and 1 on it', () => {
    expect(ageOn('2025-03-10', '2025-03-10')).toBe(0);
    expect(ageOn('2025-03-10', '2026-03-09')).toBe(0);
    expect(ageOn('2025-03-10', '2026-03-10')).toBe(1);
  });

  it('born on 29 February: a year older on 1 March in other years, on 29 February in leap years', () => {
    expect(ageOn('2024-02-29', '2025-02-28')).toBe(0);
    expect(ageOn('2024-02-29', '2025-03-01')).toBe(1);
    expect(ageOn('2020-02-29', '2024-02-28')).toBe(3);
    expect(ageOn('2020-02-29', '2024-02-29')).toBe(4);
  });

  it('is negative before the date of birth', () => {
    expect(ageOn('2026-05-01', '2026-04-30')).toBe(-1);
  });
});

// The catalogue as seeded: which ticket is a child's of which ages is its data, never an id in code.
const types = [
  { id: 'child-0-1', isChild: true, ageFrom: 0, ageTo: 0 },
  { id: 'child-1-12', isChild: true, ageFrom: 1, ageTo: 12 },
  { id: 'adult', isChild: false, ageFrom: null, ageTo: null },
  { id: 'baby-toddler', isChild: true, ageFrom: null, ageTo: null },
];

describe('the ticket for an age', () => {
  it('under 1, the child ticket from 1 to 12, none from 13', () => {
    expect(ticketTypeForAge(0, types)).toBe('child-0-1');
    expect(ticketTypeForAge(1, types)).toBe('child-1-12');
    expect(ticketTypeForAge(12, types)).toBe('child-1-12');
    expect(ticketTypeForAge(13, types)).toBeNull();
    expect(ticketTypeForAge(-1, types)).toBeNull();
  });

  it("follows the catalogue: a venue's renamed and added child tickets, and their ages", () => {
    const renamed = [
      { id: 'babes', isChild: true, ageFrom: 0, ageTo: 1 },
      { id: 'kids', isChild: true, ageFrom: 2, ageTo: 10 },
      { id: 'juniors', isChild: true, ageFrom: 11, ageTo: 14 },
      { id: 'grown-up', isChild: false, ageFrom: null, ageTo: null },
    ];
    expect([0, 1, 2, 10, 11, 14, 15].map((age) => ticketTypeForAge(age, renamed))).toEqual([
      'babes',
      'babes',
      'kids',
      'kids',
      'juniors',
      'juniors',
      null,
    ]);
  });

  it('says the age plainly', () => {
    expect([0, 1, 5].map(ageText)).toEqual(['under 1', '1 year old', '5 years old']);
  });
});

describe('the tickets the ticked children suggest', () => {
  const leo = { id: 'a', firstName: 'Leo', dateOfBirth: '2025-09-01' };
  const mia = { id: 'b', firstName: 'Mia', dateOfBirth: '2020-09-02' };
  const sam = { id: 'c', firstName: 'Sam', dateOfBirth: '2012-09-01' };

  it('one under 1 and one child ticket on the visit date', () => {
    expect(suggestTickets([leo, mia], '2026-08-31', types)).toEqual({
      quantities: { 'child-0-1': 1, 'child-1-12': 1 },
      withoutTicket: [],
    });
  });

  it('follows the visit date: a first birthday moves the baby to the child ticket', () => {
    expect(suggestTickets([leo, mia], '2026-09-01', types).quantities).toEqual({ 'child-0-1': 0, 'child-1-12': 2 });
  });

  it('a child of 13 or over gets no child ticket, and is named for a note', () => {
    const s = suggestTickets([mia, sam], '2025-09-01', types);
    expect(s.quantities).toEqual({ 'child-0-1': 0, 'child-1-12': 1 });
    expect(s.withoutTicket.map((c) => [c.firstName, c.age])).toEqual([['Sam', 13]]);
    // The day before their 13th birthday they are still 12.
    expect(suggestTickets([sam], '2025-08-31', types).quantities['child-1-12']).toBe(1);
  });

  it('nobody ticked: no tickets suggested', () => {
    expect(suggestTickets([], '2026-01-01', types).quantities).toEqual({ 'child-0-1': 0, 'child-1-12': 0 });
  });

  it('lists every child with their age', () => {
    expect(childrenOnVisit([leo], '2026-01-01', types)).toEqual([{ ...leo, age: 0, ticketTypeId: 'child-0-1' }]);
  });
});
