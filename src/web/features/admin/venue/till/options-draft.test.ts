import { describe, expect, it } from 'vitest';
import { optionsOf } from './options-draft';

describe("a cafe item's options as typed", () => {
  it('keeps known ids, makes new ones from the label, and leaves blank rows out', () => {
    const before = [{ id: 'oat', label: 'Oat milk', pricePence: 30 }];
    expect(
      optionsOf(
        [
          { label: 'Oat milk', price: '0.40' },
          { label: '', price: '' },
          { label: 'No cheese', price: '' },
          { label: 'No  cheese!', price: '0' },
        ],
        before,
      ),
    ).toEqual({
      ok: true,
      options: [
        { id: 'oat', label: 'Oat milk', pricePence: 40 },
        { id: 'no-cheese', label: 'No cheese', pricePence: 0 },
        { id: 'no-cheese-2', label: 'No  cheese!', pricePence: 0 },
      ],
    });
  });

  it('refuses a price it cannot read or an option with no name', () => {
    expect(optionsOf([{ label: 'Syrup', price: 'abc' }], [])).toEqual({
      ok: false,
      message: 'Syrup: Enter a price in pounds, like 9.50',
    });
    expect(optionsOf([{ label: '', price: '0.30' }], []).ok).toBe(false);
  });
});
