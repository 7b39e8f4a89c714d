import type { ShopItem, ShopItemsInput, VatTreatment } from '../../../../../shared/contracts/till';
import { penceOr0, penceToPounds, poundsToPence } from '../money';

/** A shop item as its row holds it: the price as typed pounds; a new row has no id yet. */
export type ShopDraft = { id?: string; name: string; price: string; vatTreatment: VatTreatment; available: boolean };

export const draftsOf = (items: readonly ShopItem[]): ShopDraft[] =>
  items.map((i) => ({
    id: i.id,
    name: i.name,
    price: penceToPounds(i.pricePence),
    vatTreatment: i.vatTreatment,
    available: i.available,
  }));

export const blankShopItem = (): ShopDraft => ({ name: '', price: '', vatTreatment: 'standard', available: true });

/** One row moved up (-1) or down (+1); the list's order is the till's. */
export function moveRow<T>(rows: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= rows.length) return [...rows];
  const next = [...rows];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** The PUT's body, or the first row's problem ("Row 2: ..."), checked as the server would. */
export function shopInputOf(
  rows: readonly ShopDraft[],
): { ok: true; input: ShopItemsInput } | { ok: false; message: string } {
  for (const [i, r] of rows.entries()) {
    if (!r.name.trim()) return { ok: false, message: `Item ${i + 1}: please give the item a name` };
    const price = poundsToPence(r.price);
    if (!price.ok) return { ok: false, message: `${r.name.trim()}: ${price.message}` };
  }
  return {
    ok: true,
    input: {
      items: rows.map((r) => ({
        ...(r.id ? { id: r.id } : {}),
        name: r.name.trim(),
        pricePence: penceOr0(r.price),
        vatTreatment: r.vatTreatment,
        available: r.available,
      })),
    },
  };
}
