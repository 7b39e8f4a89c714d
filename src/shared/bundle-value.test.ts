import { describe, expect, it } from 'vitest';
import { bundleValue } from './bundle-value';

const bundle = { credits: 10, pricePence: 7500 };
// The catalogue's ticket a credit pays for, whatever its id.
const child = (pricePence: number) => ({ id: 'kids', pricePence, feePence: 0, paidByCredit: true });

describe('the credit bundle against paying per session', () => {
  it("compares the bundle with the catalogue's child ticket price", () => {
    expect(bundleValue(bundle, [child(950)])).toEqual({
      perCreditPence: 750,
      childSessionPence: 950,
      regularPricePence: 9500,
      savingsPence: 2000,
    });
  });

  it('follows a price change of the ticket or of the bundle, and never claims a negative saving', () => {
    expect(bundleValue(bundle, [child(1050)]).regularPricePence).toBe(10500);
    expect(bundleValue(bundle, [child(100)]).savingsPence).toBe(0);
    expect(bundleValue({ credits: 5, pricePence: 4000 }, [child(950)])).toEqual({
      perCreditPence: 800,
      childSessionPence: 950,
      regularPricePence: 4750,
      savingsPence: 750,
    });
  });

  it('claims no saving when the child ticket is not on sale that day', () => {
    expect(bundleValue(bundle, [])).toEqual({
      perCreditPence: 750,
      childSessionPence: 750,
      regularPricePence: 7500,
      savingsPence: 0,
    });
  });
});
