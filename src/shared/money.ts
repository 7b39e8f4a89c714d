/** Money is integer pence everywhere; pounds exist only at the edge, through this one formatter. */
export type Pence = number;

/**
 * formatPence(950) === '£9.50'; with { whole: true }, whole pounds drop the pence: '£199'. Thousands are
 * grouped and a negative amount leads with its sign ('-£1,234.50'), exactly as en-GB's Intl currency format
 * writes them (money.test.ts compares the two). Written out rather than through Intl.NumberFormat: a page's
 * first Intl object loads the browser's locale data, 30-60 ms of main thread on this machine's Chromium
 * (120-240 ms of Lighthouse's 4x-slowed Total Blocking Time), and every public page shows a price.
 */
export function formatPence(pence: Pence, opts: { whole?: boolean } = {}): string {
  if (!Number.isInteger(pence)) throw new Error(`money must be integer pence, got ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = `£${formatCount(Math.floor(abs / 100))}`;
  if (opts.whole && abs % 100 === 0) return sign + pounds;
  return `${sign}${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

/** A whole number with its thousands grouped, as en-GB writes it: formatCount(12500) === '12,500'. */
export function formatCount(n: number): string {
  if (!Number.isInteger(n)) throw new Error(`a count must be a whole number, got ${n}`);
  const digits = String(Math.abs(n));
  return (n < 0 ? '-' : '') + digits.replace(/\B(?=(\d{3})+$)/g, ',');
}
