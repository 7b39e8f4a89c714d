import type { ItemOption } from '../../../../../shared/contracts/till';
import { poundsToPence } from '../money';

export type OptionRow = { label: string; price: string };

/**
 * The options typed as rows, as the PATCH takes them: blank rows left out, a blank price 0, each keeping
 * the id it had (found by its label) so a basket in progress still names it; a new one gets an id from its label.
 */
export function optionsOf(
  rows: readonly OptionRow[],
  before: readonly ItemOption[],
): { ok: true; options: ItemOption[] } | { ok: false; message: string } {
  const options: ItemOption[] = [];
  const used = new Set<string>();
  for (const r of rows) {
    const label = r.label.trim();
    if (!label && !r.price.trim()) continue;
    if (!label) return { ok: false, message: 'Please give each option a name' };
    const price = r.price.trim() ? poundsToPence(r.price) : ({ ok: true, pence: 0 } as const);
    if (!price.ok) return { ok: false, message: `${label}: ${price.message}` };
    let id =
      before.find((o) => o.label === label)?.id ??
      (label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 36) ||
        'option');
    for (let n = 2; used.has(id); n++) id = `${id.replace(/-\d+$/, '')}-${n}`;
    used.add(id);
    options.push({ id, label, pricePence: price.pence });
  }
  return { ok: true, options };
}
