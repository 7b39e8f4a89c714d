import { denominations } from '../../../../../shared/contracts/till';

/**
 * Cash at the till: the quick tender buttons for an amount due, and the drawer counted by denomination.
 * Integer pence throughout (tested in cash.test.ts).
 */

export type Tender = { label: string; pence: number };

const notes = [500, 1000, 2000, 5000];

/** Exact, then each note that covers the amount (£5, £10, £20; £50 when £20 does not). */
export function quickTenders(duePence: number): Tender[] {
  const covering = notes.filter((n) => n > duePence);
  const shown = covering.filter((n) => n <= 2000 || covering.length === 1);
  return [{ label: 'Exact', pence: duePence }, ...shown.map((n) => ({ label: `£${n / 100}`, pence: n }))];
}

export const changeDue = (duePence: number, tenderedPence: number) => Math.max(0, tenderedPence - duePence);

/** How each denomination is written on the count grid: £50 ... £1, 50p ... 1p. */
export const denominationLabel = (pence: number) => (pence >= 100 ? `£${pence / 100}` : `${pence}p`);

export type DrawerCount = Record<string, string>;

export const emptyCount = (): DrawerCount => Object.fromEntries(denominations.map((d) => [String(d), '']));

/** How many of a denomination a box says: blank is none; anything else not a whole number is null. */
export function countOf(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  if (!/^\d{1,5}$/.test(t)) return null;
  return Number(t);
}

/** The running total of the grid, in pence (a box that is not a whole number counts as none). */
export function drawerTotal(count: DrawerCount): number {
  return denominations.reduce((sum, d) => sum + d * (countOf(count[String(d)] ?? '') ?? 0), 0);
}

/** What POST /api/till/sessions/:id/close takes; null names the first box that is not a whole number. */
export function countedOf(
  count: DrawerCount,
): { ok: true; counted: Record<string, number> } | { ok: false; bad: number } {
  const counted: Record<string, number> = {};
  for (const d of denominations) {
    const n = countOf(count[String(d)] ?? '');
    if (n === null || n > 10_000) return { ok: false, bad: d };
    counted[String(d)] = n;
  }
  return { ok: true, counted };
}
