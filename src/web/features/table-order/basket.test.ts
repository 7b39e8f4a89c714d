import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { addLine, changeQuantity, lineKey, returnedFromPayment } from './basket';

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

describe('back from a card check that left the page', () => {
  // The web project runs without a DOM: this tab's session storage, as a map.
  const stored = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => stored.set(k, v),
    clear: () => stored.clear(),
  });
  afterEach(() => stored.clear());
  afterAll(() => vi.unstubAllGlobals());

  it('opens the order being paid for at this table, only with redirect_status', () => {
    const paying = { orderId: 'o1', orderSecret: 's1', orderNumber: 7, clientSecret: 'c', finalAmount: 450, lines: [] };
    sessionStorage.setItem('cafe-paying:tok', JSON.stringify(paying));
    expect(returnedFromPayment('tok', '?redirect_status=succeeded')).toEqual({
      orderId: 'o1',
      secret: 's1',
      number: 7,
    });
    expect(returnedFromPayment('tok', '')).toBeNull();
    expect(returnedFromPayment('other', '?redirect_status=succeeded')).toBeNull();
  });
});
