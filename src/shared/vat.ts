import type { VatTreatment } from './contracts/till';

/**
 * VAT on VAT-inclusive prices (issue 48; issue 50 reuses it for every seller). Rates are in basis points
 * (2000 = 20%). Every figure is integer pence; VAT is worked out once per line, on the line's total, and
 * rounded half up: the VAT fraction of a VAT-inclusive amount is rate / (100% + rate) (HMRC VAT Notice
 * 700 section 17.5), so a £3.30 line at 20% carries 55p VAT and £2.75 net.
 */

export const STANDARD_RATE_BP = 2000;
export const REDUCED_RATE_BP = 500;
export const ZERO_RATE_BP = 0;

/** The VAT in a VAT-inclusive amount at a rate, in whole pence (half a penny rounds up). */
export function vatInGross(grossPence: number, rateBasisPoints: number): number {
  if (!Number.isInteger(grossPence) || !Number.isInteger(rateBasisPoints) || rateBasisPoints < 0)
    throw new Error(`vatInGross: integer pence and a rate in basis points, not ${grossPence} at ${rateBasisPoints}`);
  if (rateBasisPoints === 0 || grossPence === 0) return 0;
  const sign = grossPence < 0 ? -1 : 1;
  const gross = Math.abs(grossPence);
  // Integer arithmetic: round(gross * rate / (10000 + rate)) without a float in between.
  const divisor = 10_000 + rateBasisPoints;
  const vat = Math.floor((2 * gross * rateBasisPoints + divisor) / (2 * divisor));
  return sign * vat;
}

export type VatSplit = { grossPence: number; netPence: number; vatPence: number; vatRateBasisPoints: number };

/** A VAT-inclusive line total split into net and VAT. */
export function splitGross(grossPence: number, rateBasisPoints: number): VatSplit {
  const vatPence = vatInGross(grossPence, rateBasisPoints);
  return { grossPence, netPence: grossPence - vatPence, vatPence, vatRateBasisPoints: rateBasisPoints };
}

/**
 * The rate a treatment gives (HMRC VAT Notice 709/1): hot food and drinks always standard; cold food
 * zero-rated only taken away (eaten in, everything is catering: standard); reduced and zero as they say.
 */
export function rateFor(treatment: VatTreatment, opts: { eatIn: boolean }): number {
  switch (treatment) {
    case 'standard':
      return STANDARD_RATE_BP;
    case 'cold_food':
      return opts.eatIn ? STANDARD_RATE_BP : ZERO_RATE_BP;
    case 'reduced':
      return REDUCED_RATE_BP;
    case 'zero':
      return ZERO_RATE_BP;
  }
}

/** Lines summed by rate, lowest rate first: what a VAT receipt and a Z report show. */
export function totalsByRate(lines: readonly VatSplit[]): VatSplit[] {
  const byRate = new Map<number, VatSplit>();
  for (const l of lines) {
    const t = byRate.get(l.vatRateBasisPoints) ?? {
      grossPence: 0,
      netPence: 0,
      vatPence: 0,
      vatRateBasisPoints: l.vatRateBasisPoints,
    };
    t.grossPence += l.grossPence;
    t.netPence += l.netPence;
    t.vatPence += l.vatPence;
    byRate.set(l.vatRateBasisPoints, t);
  }
  return [...byRate.values()].sort((a, b) => a.vatRateBasisPoints - b.vatRateBasisPoints);
}
