import { parse } from 'csv-parse/sync';

/**
 * A CSV export read as spreadsheets and Xero read it, by csv-parse (RFC 4180: quoted cells, doubled quotes,
 * CRLF records, every row as wide as the header), Excel's byte order mark stripped. A file that does not end
 * with CRLF is refused: our writer ends every record with one.
 */
export function parseCsv(text: string): string[][] {
  if (text.length && !text.endsWith('\r\n')) throw new Error('CSV does not end with CRLF');
  return parse(text, { bom: true, record_delimiter: '\r\n' }) as string[][];
}

/** Rows as objects keyed by the header row. */
export const records = (rows: string[][]) =>
  rows.slice(1).map((r) => Object.fromEntries(rows[0]!.map((h, i) => [h, r[i] ?? ''])));
