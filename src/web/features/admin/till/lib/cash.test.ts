import { describe, expect, it } from 'vitest';
import { changeDue, countedOf, denominationLabel, drawerTotal, emptyCount, quickTenders } from './cash';

describe('cash at the till', () => {
  it('offers Exact and the notes that cover the amount', () => {
    expect(quickTenders(1234)).toEqual([
      { label: 'Exact', pence: 1234 },
      { label: '£20', pence: 2000 },
    ]);
    expect(quickTenders(450).map((t) => t.label)).toEqual(['Exact', '£5', '£10', '£20']);
    expect(quickTenders(2500).map((t) => t.label)).toEqual(['Exact', '£50']);
    expect(quickTenders(500).map((t) => t.label)).toEqual(['Exact', '£10', '£20']);
    expect(quickTenders(6000).map((t) => t.label)).toEqual(['Exact']);
  });

  it('works out the change, never below nothing', () => {
    expect(changeDue(1234, 2000)).toBe(766);
    expect(changeDue(1234, 1000)).toBe(0);
  });

  it('adds up the drawer by denomination in whole pence', () => {
    const count = { ...emptyCount(), '5000': '1', '2000': '2', '10': '3', '1': '7' };
    expect(drawerTotal(count)).toBe(5000 + 4000 + 30 + 7);
    expect(countedOf(count)).toEqual({
      ok: true,
      counted: {
        '5000': 1,
        '2000': 2,
        '1000': 0,
        '500': 0,
        '200': 0,
        '100': 0,
        '50': 0,
        '20': 0,
        '10': 3,
        '5': 0,
        '2': 0,
        '1': 7,
      },
    });
  });

  it('names the first box that is not a whole number', () => {
    expect(countedOf({ ...emptyCount(), '20': '1.5' })).toEqual({ ok: false, bad: 20 });
    expect(drawerTotal({ ...emptyCount(), '20': 'x', '50': '2' })).toBe(100);
    expect(denominationLabel(5000)).toBe('£50');
    expect(denominationLabel(2)).toBe('2p');
  });
});
