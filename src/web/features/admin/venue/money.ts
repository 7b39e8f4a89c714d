/**
 * Staff type prices in pounds ("9.50"); the API speaks integer pence. The conversion works on the digits
 * as text, never through floating point, so "9.5" is exactly 950 and "0.29" exactly 29.
 */
export type PenceResult = { ok: true; pence: number } | { ok: false; message: string };

const POUNDS = /^£?\s*(\d{1,7})(?:\.(\d*))?$/;

export function poundsToPence(text: string): PenceResult {
  const t = text.trim();
  if (t === '') return { ok: false, message: 'Please enter a price' };
  // A comma could be a thousands separator or a European decimal point: refused rather than guessed.
  const match = POUNDS.exec(t);
  if (!match) return { ok: false, message: 'Enter a price in pounds, like 9.50' };
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, message: 'Use at most 2 decimal places (whole pence)' };
  return { ok: true, pence: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}

/** 950 -> "9.50": what a price field starts from. */
export function penceToPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const p = Math.abs(Math.trunc(pence));
  return `${sign}${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
}

/**
 * For useZodForm's `input`/`also` pair: the pence a field converts to (0 when it does not, so the
 * shared schema stays quiet and the pounds message below is the one shown), and that message.
 */
export const penceOr0 = (text: string): number => {
  const r = poundsToPence(text);
  return r.ok ? r.pence : 0;
};

export function poundsErrors<K extends string>(
  values: Record<K, string>,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const k of keys) {
    const r = poundsToPence(values[k]);
    if (!r.ok) found[k] = r.message;
  }
  return found;
}
