import { describe, expect, it } from 'vitest';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import type { PartyPackage } from '../../../../shared/catalogue';
import { firstName, greeting, otherSessions, partyEstimates, priceCards } from './recommendations';

const sessions = [
  { id: 'morning', label: '9:30 AM - 11:30 AM', startLabel: '9:30 AM', endLabel: '11:30 AM', available: true },
  { id: 'midday', label: '12:00 PM - 2:00 PM', startLabel: '12:00 PM', endLabel: '2:00 PM', available: true },
  { id: 'afternoon', label: '2:00 PM - 4:00 PM', startLabel: '2:00 PM', endLabel: '4:00 PM', available: false },
];
// A local catalogue: the ticket types and party packages as GET /api/ticket-types and the catalogue give them.
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
const pkg = (id: string, name: string, perChildPence: number): PartyPackage => ({
  id,
  name,
  perChildPence,
  hours: '2 hours',
  freeAdults: 1,
  includes: [],
  minChildren: 5,
  maxChildren: 25,
});
const packages = [pkg('bronze', 'Bronze', 1300), pkg('silver', 'Silver', 1600), pkg('gold', 'Gold', 1900)];
const ticket = (numberOfChildren: number, numberOfAdults: number) => ({
  displayName: '  Jess  P. ',
  numberOfChildren,
  numberOfAdults,
  timeSlot: '',
});

describe('kiosk recommendations', () => {
  it('greets by first name, in words that fit the party', () => {
    expect(firstName('  Jess  Parent ')).toBe('Jess');
    const messages = [ticket(1, 1), ticket(1, 2), ticket(3, 0), ticket(2, 1), ticket(4, 2)].map((t) => greeting(t));
    expect(messages.every((m) => m.title === 'Have a fantastic time, Jess!')).toBe(true);
    expect(new Set(messages.map((m) => m.message)).size).toBe(5);
    expect(messages[1]!.message).toContain('2 grown-ups');
    expect(messages[2]!.message).toContain('3 little adventurers');
    expect(messages[4]!.message).toContain('4 children and 2 adults');
  });

  it("leaves out the ticket's own session, and none for an all-day ticket or a walk-in", () => {
    expect(otherSessions(sessions, '9:30 AM - 11:30 AM').map((s) => s.id)).toEqual(['midday', 'afternoon']);
    expect(otherSessions(sessions, '12:00 PM - 2:00 PM').map((s) => s.id)).toEqual(['morning', 'afternoon']);
    expect(otherSessions(sessions, '2:00 PM - 4:00 PM').map((s) => s.id)).toEqual(['morning', 'midday']);
    expect(otherSessions(sessions, '').map((s) => s.id)).toEqual(['morning', 'midday', 'afternoon']);
    expect(otherSessions(sessions, 'Open Play (Walk-in)')).toHaveLength(3);
  });

  it('shows the child, adult and (for one child only) baby prices', () => {
    expect(priceCards(types, 2).map((t) => [t.id, t.price])).toEqual([
      ['child-1-12', 950],
      ['adult', 200],
    ]);
    expect(priceCards(types, 1).map((t) => [t.id, t.price])).toEqual([
      ['child-1-12', 950],
      ['adult', 200],
      ['child-0-1', 400],
    ]);
  });

  it("estimates each of the catalogue's party packages from its per-child price", () => {
    expect(partyEstimates({ packages }).map((p) => [p.name, p.estimatePence])).toEqual([
      ['Bronze', 13000],
      ['Silver', 16000],
      ['Gold', 19000],
    ]);
    expect(partyEstimates({ packages: [pkg('gold', 'Gold', 2100)], children: 12 })[0]!.estimatePence).toBe(25200);
  });
});
