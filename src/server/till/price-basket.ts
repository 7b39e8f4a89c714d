import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { saleLineInputSchema, VatTreatment } from '../../shared/contracts/till';
import { rateFor, splitGross } from '../../shared/vat';
import type { Db } from '../db/client';
import { menuItems, shopItems } from '../db/schema';
import { AppError } from '../http/errors';
import { entrySessionNow, entryTicketTypes, type EntrySession } from './entry-session';

type LineInput = z.infer<typeof saleLineInputSchema>;

/** A line as the server priced it: VAT-inclusive total, its rate, net and VAT rounded on the line. */
export type PricedTillLine = {
  kind: 'entry' | 'cafe' | 'shop';
  itemId: string;
  description: string;
  quantity: number;
  unitPence: number;
  totalPence: number;
  vatRateBasisPoints: number;
  netPence: number;
  vatPence: number;
  /** Entry: whether the ticket takes a place (a child's). */
  takesPlace: boolean;
};

export type PricedBasket = { lines: PricedTillLine[]; totalPence: number; entry: EntrySession | null; places: number };

const unavailable = (name: string) =>
  new AppError('item_unavailable', `Sorry, ${name} is not available just now. Please take it off the sale.`);
const unknownItem = (what: string, id: string) =>
  new AppError('not_found', `There is no ${what} "${id}" on the till any more. Please reload the till.`);

function priced(
  base: Omit<PricedTillLine, 'totalPence' | 'vatRateBasisPoints' | 'netPence' | 'vatPence'>,
  treatment: VatTreatment,
  eatIn: boolean,
): PricedTillLine {
  const totalPence = base.unitPence * base.quantity;
  const { netPence, vatPence, vatRateBasisPoints } = splitGross(totalPence, rateFor(treatment, { eatIn }));
  return { ...base, totalPence, vatRateBasisPoints, netPence, vatPence };
}

/**
 * Prices a till basket from the catalogue as it is now (DECISIONS.md: the server prices every line; the
 * till sends what and how many, never a price). Entry is sold for the session on now or next, at the
 * booking's own prices for today; entry is standard-rated. A cafe line is its item's price plus its options.
 */
export async function priceBasket(
  db: Db,
  input: { lines: LineInput[]; eatIn: boolean },
  now: Date,
): Promise<PricedBasket> {
  const ids = (kind: LineInput['kind']) =>
    input.lines.flatMap((l) => (l.kind === kind && 'itemId' in l ? [l.itemId] : []));
  const cafeIds = ids('cafe');
  const shopIds = ids('shop');
  const cafe = new Map(
    (cafeIds.length ? await db.select().from(menuItems).where(inArray(menuItems.id, cafeIds)) : []).map((m) => [
      m.id,
      m,
    ]),
  );
  const shop = new Map(
    (shopIds.length ? await db.select().from(shopItems).where(inArray(shopItems.id, shopIds)) : []).map((s) => [
      s.id,
      s,
    ]),
  );
  const wantsEntry = input.lines.some((l) => l.kind === 'entry');
  const entry = wantsEntry ? await entrySessionNow(db, now) : null;
  if (wantsEntry && !entry) throw unavailable('entry (the day’s sessions are over)');
  const tickets = new Map(entry ? (await entryTicketTypes(db, entry)).map((t) => [t.id, t]) : []);

  const lines = input.lines.map((l): PricedTillLine => {
    switch (l.kind) {
      case 'entry': {
        const t = tickets.get(l.ticketTypeId);
        if (!t) throw unknownItem('ticket', l.ticketTypeId);
        const base = { kind: l.kind, itemId: t.id, description: `${t.title}, ${entry!.label}`, quantity: l.quantity };
        return priced(
          { ...base, unitPence: t.pricePence + t.feePence, takesPlace: t.isChild },
          'standard',
          input.eatIn,
        );
      }
      case 'cafe': {
        const m = cafe.get(l.itemId);
        if (!m) throw unknownItem('cafe item', l.itemId);
        if (!m.available) throw unavailable(m.name);
        if (new Set(l.optionIds).size !== l.optionIds.length)
          throw new AppError('invalid_input', 'An option is chosen twice.', {
            fields: { optionIds: ['Chosen twice'] },
          });
        const options = l.optionIds.map((id) => {
          const o = m.options.find((x) => x.id === id);
          if (!o) throw unknownItem(`option of ${m.name}`, id);
          return o;
        });
        const unitPence = m.pricePence + options.reduce((sum, o) => sum + o.pricePence, 0);
        const description = options.length ? `${m.name} (${options.map((o) => o.label).join(', ')})` : m.name;
        const base = { kind: l.kind, itemId: m.id, description, quantity: l.quantity, unitPence, takesPlace: false };
        return priced(base, m.vatTreatment, input.eatIn);
      }
      case 'shop': {
        const s = shop.get(l.itemId);
        if (!s) throw unknownItem('shop item', l.itemId);
        if (!s.available) throw unavailable(s.name);
        const base = { kind: l.kind, itemId: s.id, description: s.name, quantity: l.quantity, unitPence: s.pricePence };
        return priced({ ...base, takesPlace: false }, s.vatTreatment, input.eatIn);
      }
    }
  });
  const places = lines.reduce((n, l) => n + (l.takesPlace ? l.quantity : 0), 0);
  if (entry && places > entry.placesLeft)
    throw unavailable(`entry for ${places} (${entry.placesLeft} places left in ${entry.label})`);
  return { lines, totalPence: lines.reduce((sum, l) => sum + l.totalPence, 0), entry, places };
}
