import { describe, expect, it } from 'vitest';
import { blankShopItem, draftsOf, moveRow, shopInputOf } from './shop-draft';

describe('the shop items editor', () => {
  const socks = {
    id: 'socks',
    name: 'Grip socks',
    pricePence: 150,
    vatTreatment: 'standard' as const,
    available: true,
  };

  it('round-trips the list, keeping ids and a new row without one', () => {
    const rows = [
      ...draftsOf([socks]),
      { ...blankShopItem(), name: ' Nappies ', price: '0.5', vatTreatment: 'reduced' as const },
    ];
    expect(shopInputOf(rows)).toEqual({
      ok: true,
      input: {
        items: [
          { id: 'socks', name: 'Grip socks', pricePence: 150, vatTreatment: 'standard', available: true },
          { name: 'Nappies', pricePence: 50, vatTreatment: 'reduced', available: true },
        ],
      },
    });
  });

  it('names the row with a problem', () => {
    expect(shopInputOf([blankShopItem()])).toEqual({ ok: false, message: 'Item 1: please give the item a name' });
    expect(shopInputOf([{ ...blankShopItem(), name: 'Squash', price: '1,20' }])).toEqual({
      ok: false,
      message: 'Squash: Enter a price in pounds, like 9.50',
    });
  });

  it('moves a row up or down and no further than the ends', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});
