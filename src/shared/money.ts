/** Money is integer pence everywhere; pounds exist only at the edge, through this one formatter. */
export type Pence = number;

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const gbpWhole = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 0 });

/** formatPence(950) === '£9.50'; with { whole: true }, whole pounds drop the pence: '£199'. */
export function formatPence(pence: Pence, opts: { whole?: boolean } = {}): string {
  if (!Number.isInteger(pence)) throw new Error(`money must be integer pence, got ${pence}`);
  if (opts.whole && pence % 100 === 0) return gbpWhole.format(pence / 100);
  return gbp.format(pence / 100);
}
