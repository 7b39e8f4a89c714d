import { describe, expect, it } from 'vitest';
import { penceOr0, penceToPounds, poundsErrors, poundsToPence } from './money';

describe('poundsToPence', () => {
  it.each([
    ['9.50', 950],
    ['9.5', 950],
    ['9', 900],
    ['9.', 900],
    ['0.29', 29],
    ['1.15', 115],
    ['4.35', 435],
    ['£12.99', 1299],
    [' 2.00 ', 200],
    ['0', 0],
    ['1000.00', 100_000],
  ])('%s is %i pence exactly', (text, pence) => {
    expect(poundsToPence(text)).toEqual({ ok: true, pence });
  });

  it('refuses more than two decimals', () => {
    expect(poundsToPence('9.505')).toEqual({ ok: false, message: 'Use at most 2 decimal places (whole pence)' });
  });

  it.each(['', '   '])('asks for a price when empty (%j)', (text) => {
    expect(poundsToPence(text)).toEqual({ ok: false, message: 'Please enter a price' });
  });

  it.each(['abc', '-1', '9,50', '1,000', '1e3', '.5', '9.5.0'])('refuses %j', (text) => {
    expect(poundsToPence(text)).toEqual({ ok: false, message: 'Enter a price in pounds, like 9.50' });
  });
});

describe('penceToPounds', () => {
  it.each([
    [950, '9.50'],
    [5, '0.05'],
    [0, '0.00'],
    [19_900, '199.00'],
  ])('%i is %s', (pence, text) => {
    expect(penceToPounds(pence)).toBe(text);
    expect(poundsToPence(text)).toEqual({ ok: true, pence });
  });
});

describe('the form helpers', () => {
  it('gives 0 for a bad field, and its message', () => {
    expect(penceOr0('x')).toBe(0);
    expect(penceOr0('3.5')).toBe(350);
    expect(poundsErrors({ a: '1.234', b: '2' }, ['a', 'b'])).toEqual({
      a: 'Use at most 2 decimal places (whole pence)',
    });
  });
});

describe('whole numbers', () => {
  it('reads digits only', async () => {
    const { parseWhole, wholeErrors, wholeOr0 } = await import('./whole-number');
    expect(parseWhole(' 60 ')).toBe(60);
    expect(parseWhole('6.5')).toBeNull();
    expect(parseWhole('-1')).toBeNull();
    expect(parseWhole('')).toBeNull();
    expect(wholeOr0('x')).toBe(0);
    expect(wholeErrors({ a: '1', b: 'two' }, ['a', 'b'])).toEqual({ b: 'Enter a whole number, like 12' });
  });
});
