import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, pounds } from './csv';

describe('CSV cells', () => {
  it('prefixes a text cell that a spreadsheet would run as a formula, whatever starts it', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`), JSON.stringify(start)).toMatch(/^"?'/);
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    // A leading CR is also a line break: prefixed, then quoted.
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    // Only the first character counts.
    expect(csvCell('Anne-Marie = ok')).toBe('Anne-Marie = ok');
  });

  it('quotes commas, quotes and line breaks, doubling quotes; leaves other text and numbers alone', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('Zoë 🎈')).toBe('Zoë 🎈');
    expect(csvCell(null)).toBe('');
    expect(csvCell(pounds(-150))).toBe('-1.50');
    expect(csvRow(['x', pounds(5), null])).toBe('x,0.05,\r\n');
  });

  it('writes pence as pounds with two decimals and refuses fractions of a penny', () => {
    expect(pounds(0).num).toBe('0.00');
    expect(pounds(1250).num).toBe('12.50');
    expect(pounds(100_000_01).num).toBe('100000.01');
    expect(() => pounds(1.5)).toThrow();
  });
});
