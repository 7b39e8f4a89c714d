/**
 * Counts typed into a field (capacity, children, minutes): a whole number or a message. As with prices
 * (./money), the schema is given 0 for a field that does not parse, so this message is the one shown.
 */
export function parseWhole(text: string): number | null {
  const t = text.trim();
  return /^\d{1,6}$/.test(t) ? Number(t) : null;
}

export const wholeOr0 = (text: string): number => parseWhole(text) ?? 0;

export function wholeErrors<K extends string>(
  values: Record<K, string>,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const found: Partial<Record<K, string>> = {};
  for (const k of keys) if (parseWhole(values[k]) === null) found[k] = 'Enter a whole number, like 12';
  return found;
}
