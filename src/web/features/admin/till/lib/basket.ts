import type { ItemOption, SaleLineInput, TillCatalogue } from '../../../../../shared/contracts/till';

/**
 * The till's basket as pure arithmetic (tested in basket.test.ts): lines keyed by what they are and the
 * options chosen, quantities within the contract's limits, and the client's estimate of the total. The
 * estimate is only shown: the server prices every line, and a different server total is answered with
 * 409 price_changed before anything is sold.
 */
export type LineKind = 'entry' | 'cafe' | 'shop';

export type BasketLine = {
  /** kind, item and the chosen options: the same item with other options is another line. */
  key: string;
  kind: LineKind;
  itemId: string;
  name: string;
  /** The item's price plus its options', per one. */
  unitPence: number;
  options: ItemOption[];
  quantity: number;
};

/** The contract's most per line (saleLineInputSchema). */
export const maxQuantity: Record<LineKind, number> = { entry: 30, cafe: 50, shop: 50 };

export type Sellable = { kind: LineKind; itemId: string; name: string; pricePence: number };

export const lineKey = (kind: LineKind, itemId: string, options: readonly ItemOption[]) =>
  [kind, itemId, ...options.map((o) => o.id).sort()].join('|');

/** Adds one of an item (with its options); the same item and options again adds to its line. */
export function addToBasket(lines: BasketLine[], item: Sellable, options: ItemOption[] = []): BasketLine[] {
  const key = lineKey(item.kind, item.itemId, options);
  const found = lines.find((l) => l.key === key);
  if (found) return changeQuantity(lines, key, 1);
  const unitPence = item.pricePence + options.reduce((sum, o) => sum + o.pricePence, 0);
  const name = options.length ? `${item.name} (${options.map((o) => o.label).join(', ')})` : item.name;
  return [...lines, { key, kind: item.kind, itemId: item.itemId, name, unitPence, options, quantity: 1 }];
}

/** One more or fewer; a line at 0 leaves the basket, and none goes over the contract's most. */
export function changeQuantity(lines: BasketLine[], key: string, delta: number): BasketLine[] {
  return lines
    .map((l) =>
      l.key === key ? { ...l, quantity: Math.min(maxQuantity[l.kind], Math.max(0, l.quantity + delta)) } : l,
    )
    .filter((l) => l.quantity > 0);
}

export const lineTotal = (l: BasketLine) => l.unitPence * l.quantity;
export const estimateTotal = (lines: readonly BasketLine[]) => lines.reduce((sum, l) => sum + lineTotal(l), 0);
export const itemCount = (lines: readonly BasketLine[]) => lines.reduce((sum, l) => sum + l.quantity, 0);

/** What POST /api/till/sales takes: what and how many, never a price. */
export function saleLinesOf(lines: readonly BasketLine[]): SaleLineInput[] {
  return lines.map((l): SaleLineInput => {
    if (l.kind === 'entry') return { kind: 'entry', ticketTypeId: l.itemId, quantity: l.quantity };
    if (l.kind === 'cafe')
      return { kind: 'cafe', itemId: l.itemId, quantity: l.quantity, optionIds: l.options.map((o) => o.id) };
    return { kind: 'shop', itemId: l.itemId, quantity: l.quantity };
  });
}

/** Entry tickets in the basket, against the session's places left (the server checks again). */
export const entryCount = (lines: readonly BasketLine[]) =>
  lines.filter((l) => l.kind === 'entry').reduce((sum, l) => sum + l.quantity, 0);

/** Whether one more entry ticket still fits the places the catalogue says are left. */
export function entryFits(lines: readonly BasketLine[], catalogue: TillCatalogue): boolean {
  const session = catalogue.entry.session;
  return session !== null && entryCount(lines) < session.placesLeft;
}

/**
 * The same basket sent again (a double tap, a retry after a dropped connection) must carry the same
 * requestId, and a changed basket a new one: this signature says which.
 */
export function basketSignature(parts: {
  lines: readonly BasketLine[];
  eatIn: boolean;
  codes: readonly string[];
  method: string;
  expectedTotalPence: number;
}): string {
  return JSON.stringify([
    parts.lines.map((l) => [l.key, l.quantity]),
    parts.eatIn,
    parts.codes,
    parts.method,
    parts.expectedTotalPence,
  ]);
}
