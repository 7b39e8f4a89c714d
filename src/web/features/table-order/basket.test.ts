import { describe, expect, it } from 'vitest';
import { addLine, changeQuantity, lineKey } from './basket';

describe('the table basket', () => {
  it('adds the same item with the same options to one line, and other options to a line of their own', () => {
    let lines = addLine([], 'soup', ['bread', 'cheese']);
    lines = addLine(lines, 'soup', ['cheese', 'bread']);
    lines = addLine(lines, 'soup', []);
    expect(lines).toEqual([
      { key: lineKey('soup', ['bread', 'cheese']), itemId: 'soup', optionIds: ['bread', 'cheese'], quantity: 2 },
      { key: 'soup', itemId: 'soup', optionIds: [], quantity: 1 },
    ]);
  });

  it('changes a quantity, keeps it at most 20, and drops a line at 0', () => {
    const lines = addLine([], 'tea', []);
    expect(changeQuantity(lines, 'tea', 30)[0]!.quantity).toBe(20);
    expect(changeQuantity(lines, 'tea', -1)).toEqual([]);
    expect(changeQuantity(lines, 'coffee', 1)).toEqual(lines);
  });
});
