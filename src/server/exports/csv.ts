/**
 * CSV as spreadsheets read it (RFC 4180): CRLF line ends, a cell quoted when it holds a comma, a quote,
 * CR or LF, quotes doubled. Text cells are formula-safe: one that starts with = + - @, a tab or a CR
 * would be run as a formula by Excel, LibreOffice or Sheets (OWASP "CSV injection"), so it gets a leading
 * single quote and is shown as typed. Numbers we write ourselves are left as numbers.
 */

/** A text cell (escaped), a number we produced (amounts, counts: written as they are) or empty. */
export type Cell = string | { num: string } | null;

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export function csvCell(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'string' ? (formulaStart.test(cell) ? `'${cell}` : cell) : cell.num;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line: a loop, not map and join, since a month's export writes a quarter of a million cells. */
export function csvRow(cells: Cell[]): string {
  let line = csvCell(cells[0] ?? null);
  for (let i = 1; i < cells.length; i++) line += `,${csvCell(cells[i]!)}`;
  return `${line}\r\n`;
}

/** Integer pence as pounds with two decimals, no symbol: 1250 -> 12.50. */
export function pounds(pence: number): { num: string } {
  if (!Number.isInteger(pence)) throw new Error(`money must be integer pence, got ${pence}`);
  const abs = Math.abs(pence);
  return { num: `${pence < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
}

export const count = (n: number): { num: string } => ({ num: String(n) });

export const yesNo = (b: boolean): string => (b ? 'yes' : 'no');

/** Excel opens a file as UTF-8 only when it starts with the byte order mark. */
export const utf8Bom = '\uFEFF';
