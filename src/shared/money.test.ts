import { describe, expect, it } from 'vitest';
import { formatCount, formatPence } from './money';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const gbpWhole = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-GB');

// Amounts around every place where the written form changes: pence, pounds, thousands, millions, signs.
const samples = [
  0, 1, 5, 9, 10, 50, 99, 100, 101, 150, 950, 999, 1000, 1050, 9999, 10000, 12345, 99999, 100000, 100001, 123456,
  999999, 1000000, 1234567, 99999999, 100000000, 123456789012,
].flatMap((n) => (n === 0 ? [0] : [n, -n])); // Intl writes -0 as "-£0.00"; no amount here is -0

describe('formatPence', () => {
  it.each(samples)('writes %i pence as en-GB Intl does', (pence) => {
    expect(formatPence(pence)).toBe(gbp.format(pence / 100));
    const whole = pence % 100 === 0 ? gbpWhole.format(pence / 100) : gbp.format(pence / 100);
    expect(formatPence(pence, { whole: true })).toBe(whole);
  });

  it('drops the pence of whole pounds only when asked', () => {
    expect(formatPence(19900)).toBe('£199.00');
    expect(formatPence(19900, { whole: true })).toBe('£199');
    expect(formatPence(19950, { whole: true })).toBe('£199.50');
    expect(formatPence(-750)).toBe('-£7.50');
  });

  it('refuses an amount that is not whole pence', () => {
    expect(() => formatPence(9.5)).toThrow('integer pence');
  });
});

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 12500, 999999, 1000000, 123456789, -1, -1000, -1234567])('groups %i as en-GB', (n) => {
    expect(formatCount(n)).toBe(count.format(n));
  });

  it('refuses a fraction', () => {
    expect(() => formatCount(1.5)).toThrow('whole number');
  });
});
