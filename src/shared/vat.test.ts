import { describe, expect, it } from 'vitest';
import { rateFor, splitGross, totalsByRate, vatInGross } from './vat';

describe('VAT on VAT-inclusive prices', () => {
  it('is the VAT fraction of the gross, rounded per line', () => {
    expect(vatInGross(330, 2000)).toBe(55); // 330 / 6 = 55 exactly
    expect(vatInGross(150, 2000)).toBe(25);
    expect(vatInGross(100, 2000)).toBe(17); // 16.67 rounds up
    expect(vatInGross(101, 2000)).toBe(17); // 16.83
    expect(vatInGross(3, 2000)).toBe(1); // 0.5 rounds half up
    expect(vatInGross(2, 2000)).toBe(0); // 0.33
    expect(vatInGross(105, 500)).toBe(5);
    expect(vatInGross(795, 0)).toBe(0);
    expect(vatInGross(0, 2000)).toBe(0);
  });

  it('rounds a refund the same way as the sale (negative amounts mirror positive ones)', () => {
    expect(vatInGross(-100, 2000)).toBe(-17);
    expect(vatInGross(-3, 2000)).toBe(-1);
  });

  it('agrees with the exact fraction to within half a penny for every amount up to £100', () => {
    for (let gross = 0; gross <= 10_000; gross++)
      for (const rate of [2000, 500]) {
        const exact = (gross * rate) / (10_000 + rate);
        expect(Math.abs(vatInGross(gross, rate) - exact)).toBeLessThanOrEqual(0.5);
      }
  });

  it('refuses fractions of a penny and negative rates', () => {
    expect(() => vatInGross(1.5, 2000)).toThrow();
    expect(() => vatInGross(100, -1)).toThrow();
    expect(() => vatInGross(100, 17.5)).toThrow();
  });

  it('splits gross into net and VAT that add back up', () => {
    expect(splitGross(795, 2000)).toEqual({ grossPence: 795, netPence: 662, vatPence: 133, vatRateBasisPoints: 2000 });
  });

  it('rates by treatment: cold food is zero-rated only taken away', () => {
    expect(rateFor('standard', { eatIn: false })).toBe(2000);
    expect(rateFor('standard', { eatIn: true })).toBe(2000);
    expect(rateFor('cold_food', { eatIn: true })).toBe(2000);
    expect(rateFor('cold_food', { eatIn: false })).toBe(0);
    expect(rateFor('reduced', { eatIn: true })).toBe(500);
    expect(rateFor('zero', { eatIn: true })).toBe(0);
  });

  it('totals lines by rate, lowest first', () => {
    const totals = totalsByRate([splitGross(330, 2000), splitGross(795, 0), splitGross(150, 2000)]);
    expect(totals).toEqual([
      { grossPence: 795, netPence: 795, vatPence: 0, vatRateBasisPoints: 0 },
      { grossPence: 480, netPence: 400, vatPence: 80, vatRateBasisPoints: 2000 },
    ]);
  });
});
