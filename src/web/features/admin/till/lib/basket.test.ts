import { describe, expect, it } from 'vitest';
import type { TillCatalogue } from '../../../../../shared/contracts/till';
import {
  addToBasket,
  basketSignature,
  changeQuantity,
  entryFits,
  estimateTotal,
  itemCount,
  saleLinesOf,
  type BasketLine,
} from './basket';

const flatWhite = { kind: 'cafe' as const, itemId: 'flat-white', name: 'Flat white', pricePence: 320 };
const oat = { id: 'oat', label: 'Oat milk', pricePence: 30 };
const shot = { id: 'shot', label: 'Extra shot', pricePence: 50 };
const socks = { kind: 'shop' as const, itemId: 'socks', name: 'Grip socks', pricePence: 150 };
const child = { kind: 'entry' as const, itemId: 'child-1-12', name: 'Child', pricePence: 850 };

describe('the till basket', () => {
  it('adds an item with options as its own line, priced with them, and merges the same choice', () => {
    let lines: BasketLine[] = [];
    lines = addToBasket(lines, flatWhite, [oat]);
    lines = addToBasket(lines, flatWhite);
    lines = addToBasket(lines, flatWhite, [shot, oat]);
    lines = addToBasket(lines, flatWhite, [oat, shot]);
    expect(lines.map((l) => [l.name, l.unitPence, l.quantity])).toEqual([
      ['Flat white (Oat milk)', 350, 1],
      ['Flat white', 320, 1],
      ['Flat white (Extra shot, Oat milk)', 400, 2],
    ]);
    expect(estimateTotal(lines)).toBe(350 + 320 + 800);
    expect(itemCount(lines)).toBe(4);
  });

  it('takes a line away at 0 and never goes past the most a line may hold', () => {
    let lines = addToBasket([], socks);
    lines = changeQuantity(lines, lines[0]!.key, 100);
    expect(lines[0]!.quantity).toBe(50);
    lines = changeQuantity(lines, lines[0]!.key, -50);
    expect(lines).toEqual([]);
  });

  it('sends what and how many, never a price', () => {
    let lines = addToBasket([], child);
    lines = addToBasket(lines, child);
    lines = addToBasket(lines, flatWhite, [oat]);
    lines = addToBasket(lines, socks);
    expect(saleLinesOf(lines)).toEqual([
      { kind: 'entry', ticketTypeId: 'child-1-12', quantity: 2 },
      { kind: 'cafe', itemId: 'flat-white', quantity: 1, optionIds: ['oat'] },
      { kind: 'shop', itemId: 'socks', quantity: 1 },
    ]);
    expect(JSON.stringify(saleLinesOf(lines))).not.toContain('Pence');
  });

  it('lets entry fill the places left and no more', () => {
    const catalogue = {
      entry: { session: { date: '2026-11-29', sessionId: 'am', label: 'Morning', placesLeft: 2 }, tickets: [] },
      cafe: [],
      shop: [],
    } satisfies TillCatalogue;
    let lines = addToBasket([], child);
    expect(entryFits(lines, catalogue)).toBe(true);
    lines = addToBasket(lines, child);
    expect(entryFits(lines, catalogue)).toBe(false);
    expect(entryFits([], { ...catalogue, entry: { session: null, tickets: [] } })).toBe(false);
  });

  it('gives the same basket the same signature and a changed one another', () => {
    const lines = addToBasket([], socks);
    const base = { lines, eatIn: false, codes: [], method: 'cash', expectedTotalPence: 150 };
    expect(basketSignature(base)).toBe(basketSignature({ ...base, lines: addToBasket([], socks) }));
    expect(basketSignature(base)).not.toBe(basketSignature({ ...base, eatIn: true }));
    expect(basketSignature(base)).not.toBe(
      basketSignature({ ...base, lines: changeQuantity(lines, lines[0]!.key, 1) }),
    );
    expect(basketSignature(base)).not.toBe(basketSignature({ ...base, expectedTotalPence: 200 }));
  });
});
