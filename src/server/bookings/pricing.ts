import { ticketSellsFor, type SellDays } from '../../shared/catalogue';
import { AppError } from '../http/errors';

export type TicketTypeRow = {
  id: string;
  title: string;
  pricePence: number;
  feePence: number;
  isChild: boolean;
  /** A session credit pays for one of these (shared/visit-rules.ts creditTicketOf). */
  paidByCredit: boolean;
  sellDays: SellDays;
  sessionIds: string[];
  active: boolean;
};
export type PricedLine = {
  ticketTypeId: string;
  title: string;
  quantity: number;
  unitPricePence: number;
  unitFeePence: number;
};
export type PricedOrder = { lines: PricedLine[]; totalPence: number; places: number };

/**
 * Prices an order from the catalogue's ticket rows, priced for the visit date (DECISIONS.md: the server
 * computes every total): the sum of (price + fee) x quantity. Children count against capacity, adults do
 * not. A ticket type sold only on some days or sessions (the baby and toddler mornings) is refused elsewhere.
 */
export function priceOrder(
  quantities: Record<string, number>,
  types: readonly TicketTypeRow[],
  slot: { weekend: boolean; sessionId: string | null; sessionLabels?: Record<string, string> },
): PricedOrder {
  const byId = new Map(types.filter((t) => t.active).map((t) => [t.id, t]));
  const lines: PricedLine[] = [];
  let totalPence = 0;
  let places = 0;
  for (const [id, quantity] of Object.entries(quantities)) {
    if (quantity === 0) continue;
    const type = byId.get(id);
    if (!type)
      throw new AppError(
        'unknown_ticket_type',
        'One of the tickets you chose is no longer available. Please refresh the page and choose again.',
        { fields: { ticketQuantities: [`Unknown ticket type: ${id}`] } },
      );
    if (!ticketSellsFor(type, slot)) {
      const sessions = type.sessionIds.map((id) => slot.sessionLabels?.[id] ?? id).join(' or ');
      const days = type.sellDays === 'any' ? '' : `${type.sellDays === 'weekdays' ? 'weekday' : 'weekend'} `;
      const when = sessions ? `the ${days}${sessions} session` : `${days}visits`.replace('day visits', 'days');
      throw new AppError('ticket_not_available', `${type.title} tickets are only for ${when}.`, {
        fields: { selectedTime: [sessions ? `Please choose the ${sessions} session` : `Please choose another day`] },
      });
    }
    lines.push({
      ticketTypeId: id,
      title: type.title,
      quantity,
      unitPricePence: type.pricePence,
      unitFeePence: type.feePence,
    });
    totalPence += (type.pricePence + type.feePence) * quantity;
    if (type.isChild) places += quantity;
  }
  if (lines.length === 0) throw new AppError('invalid_input', 'Please select at least one ticket to continue');
  return { lines, totalPence, places };
}
