import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { cafeOrderLineInputSchema } from '../../shared/contracts/cafe-orders';
import { rateFor, splitGross } from '../../shared/vat';
import type { Db } from '../db/client';
import { menuItems } from '../db/schema';
import { AppError } from '../http/errors';

type LineInput = z.infer<typeof cafeOrderLineInputSchema>;

export type PricedCafeLine = {
  itemId: string;
  name: string;
  options: string[];
  quantity: number;
  unitPence: number;
  totalPence: number;
  vatRateBasisPoints: number;
  netPence: number;
  vatPence: number;
};

/**
 * Prices a phone's basket from the menu as it is now: the item's price plus its options, eaten in (so cold
 * food is standard-rated: shared/vat.ts rateFor), VAT worked out on each line. An item the kitchen switched
 * off is refused (409 item_unavailable) before any payment is made.
 */
export async function priceCafeOrder(db: Db, lines: LineInput[]): Promise<{ lines: PricedCafeLine[]; total: number }> {
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const rows = new Map((await db.select().from(menuItems).where(inArray(menuItems.id, ids))).map((m) => [m.id, m]));
  const priced = lines.map((l, i): PricedCafeLine => {
    const m = rows.get(l.itemId);
    if (!m)
      throw new AppError('not_found', 'Something in your basket is no longer on the menu. Please take it out.', {
        fields: { [`lines.${i}.itemId`]: ['No longer on the menu'] },
      });
    if (!m.available)
      throw new AppError('item_unavailable', `Sorry, ${m.name} has just sold out. Please take it out of your basket.`, {
        fields: { [`lines.${i}.itemId`]: ['Sold out'] },
      });
    if (new Set(l.optionIds).size !== l.optionIds.length)
      throw new AppError('invalid_input', 'An option is chosen twice.', {
        fields: { [`lines.${i}.optionIds`]: ['Chosen twice'] },
      });
    const options = l.optionIds.map((id) => {
      const o = m.options.find((x) => x.id === id);
      if (!o)
        throw new AppError('not_found', `An option of ${m.name} is no longer offered. Please choose again.`, {
          fields: { [`lines.${i}.optionIds`]: ['No longer offered'] },
        });
      return o;
    });
    const unitPence = m.pricePence + options.reduce((sum, o) => sum + o.pricePence, 0);
    const totalPence = unitPence * l.quantity;
    const split = splitGross(totalPence, rateFor(m.vatTreatment, { eatIn: true }));
    return {
      itemId: m.id,
      name: m.name,
      options: options.map((o) => o.label),
      quantity: l.quantity,
      unitPence,
      totalPence,
      vatRateBasisPoints: split.vatRateBasisPoints,
      netPence: split.netPence,
      vatPence: split.vatPence,
    };
  });
  return { lines: priced, total: priced.reduce((sum, l) => sum + l.totalPence, 0) };
}
