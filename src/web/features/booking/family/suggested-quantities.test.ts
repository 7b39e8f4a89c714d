import { describe, expect, it } from 'vitest';
import { sameSuggestion, withSuggestedTickets } from './suggested-quantities';

const onSale = ['child-0-1', 'child-1-12', 'adult'];

describe('applying a ticket suggestion to the order', () => {
  it('sets the suggested types and keeps the family’s other tickets', () => {
    expect(withSuggestedTickets({ adult: 2, 'child-1-12': 3 }, { 'child-0-1': 1, 'child-1-12': 1 }, onSale)).toEqual({
      adult: 2,
      'child-0-1': 1,
      'child-1-12': 1,
    });
  });

  it('leaves out a type not on sale that day', () => {
    expect(withSuggestedTickets({ adult: 1 }, { 'child-0-1': 1, 'child-1-12': 1 }, ['child-1-12', 'adult'])).toEqual({
      adult: 1,
      'child-1-12': 1,
    });
  });

  it('never empties the order', () => {
    const q = { 'child-1-12': 2 };
    expect(withSuggestedTickets(q, { 'child-0-1': 0, 'child-1-12': 0 }, onSale)).toBe(q);
  });

  it('compares suggestions count by count', () => {
    expect(sameSuggestion({ 'child-0-1': 1, 'child-1-12': 0 }, { 'child-0-1': 1 })).toBe(true);
    expect(sameSuggestion({ 'child-0-1': 1 }, { 'child-1-12': 1 })).toBe(false);
  });
});
