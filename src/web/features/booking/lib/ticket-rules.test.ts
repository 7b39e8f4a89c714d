import { describe, expect, it } from 'vitest';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { chosenRules, dateSellsBasket, notSoldHint, sellRuleText, type SellRule } from './ticket-rules';

const type = (id: string, over: Partial<TicketTypeDto> = {}): TicketTypeDto => ({
  id,
  title: id,
  description: '',
  price: 500,
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
const labels = { early: '9:00 AM - 11:00 AM', late: '1:00 PM - 3:00 PM' };
const toddlers: SellRule = { id: 'toddlers', title: 'Toddler', sellDays: 'weekdays', sessionIds: ['early'] };
const WEDNESDAY = '2026-12-02';
const SATURDAY = '2026-12-05';

describe('ticket sale rules on the booking page', () => {
  it('keeps only the chosen tickets that are not sold for every visit', () => {
    const types = [type('child'), type('toddlers', { sellDays: 'weekdays', sessionIds: ['early'] })];
    expect(chosenRules(types, { child: 2, toddlers: 0 })).toEqual([]);
    expect(chosenRules(types, { child: 2, toddlers: 1 }).map((r) => r.id)).toEqual(['toddlers']);
  });

  it('knows which dates some choice sells the whole basket on', () => {
    expect(dateSellsBasket([], SATURDAY, ['early', 'late'])).toBe(true);
    expect(dateSellsBasket([toddlers], WEDNESDAY, ['early', 'late'])).toBe(true);
    expect(dateSellsBasket([toddlers], SATURDAY, ['early', 'late'])).toBe(false);
    const weekendsOnly: SellRule = { id: 'w', title: 'Weekend', sellDays: 'weekends', sessionIds: [] };
    expect(dateSellsBasket([weekendsOnly], SATURDAY, ['early'])).toBe(true);
    expect(dateSellsBasket([weekendsOnly], WEDNESDAY, ['early'])).toBe(false);
  });

  it("words a rule with the catalogue's session labels", () => {
    expect(sellRuleText(toddlers, labels)).toBe('Toddler tickets are only for the weekday 9:00 AM - 11:00 AM session.');
    expect(sellRuleText({ ...toddlers, sellDays: 'any', sessionIds: ['early', 'late'] }, labels)).toBe(
      'Toddler tickets are only for the 9:00 AM - 11:00 AM or 1:00 PM - 3:00 PM sessions.',
    );
    expect(sellRuleText({ ...toddlers, sellDays: 'weekends', sessionIds: [] }, labels)).toBe(
      'Toddler tickets are only for weekend visits.',
    );
  });

  it('names the tickets a session is not sold for', () => {
    expect(notSoldHint([toddlers], { weekend: false, sessionId: 'late' })).toBe('Not for Toddler tickets');
    expect(notSoldHint([toddlers], { weekend: false, sessionId: 'early' })).toBe('');
  });
});
