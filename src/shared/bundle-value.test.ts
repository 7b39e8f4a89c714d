import { describe, expect, it } from 'vitest';
import { creditBundle } from './venue';
import { bundleValue } from './bundle-value';

const child = (pricePence: number) => ({ id: creditBundle.ticketTypeId, pricePence, feePence: 0 });

describe('the credit bundle against paying per session', () => {
  it("compares the bundle with the catalogue's child ticket price", () => {
    expect(bundleValue([child(950)])).toEqual({
      perCreditPence: 750,
      childSessionPence: 950,
      regularPricePence: 950 * creditBundle.credits,
      savingsPence: 950 * creditBundle.credits - creditBundle.pricePence,
    });
  });

  it('follows a price change, and never claims a negative saving', () => {
    expect(bundleValue([child(1050)]).regularPricePence).toBe(1050 * creditBundle.credits);
    expect(bundleValue([child(100)]).savingsPence).toBe(0);
  });

  it('claims no saving when the child ticket is not on sale that day', () => {
    expect(bundleValue([])).toEqual({
      perCreditPence: 750,
      childSessionPence: 750,
      regularPricePence: 7500,
      savingsPence: 0,
    });
  });
});
