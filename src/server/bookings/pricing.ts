import { sessionTimes } from '../../shared/venue';
import { AppError } from '../http/errors';

export type TicketTypeRow = {
  id: string;
  title: string;
  pricePence: number;
  feePence: number;
  isChild: boolean;
  weekdayMorningOnly: boolean;
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

export const WEEKDAY_MORNING_SESSION = sessionTimes[0].id;

/**
 * Prices an order from the database's ticket rows (DECISIONS.md: the server computes every total):
 * the sum of (price + fee) x quantity. Children count against capacity, adults do not. Baby & toddler
 * tickets exist only for the weekday morning session.
 */
export function priceOrder(
  quantities: Record<string, number>,
  types: readonly TicketTypeRow[],
  slot: { weekend: boolean; sessionId: string | null },
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
    if (type.weekdayMorningOnly && (slot.weekend || slot.sessionId !== WEEKDAY_MORNING_SESSION)) {
      throw new AppError(
        'ticket_not_available',
        `${type.title} tickets are only for the weekday 9:30 AM - 11:30 AM session.`,
        { fields: { selectedTime: ['Please choose the 9:30 AM - 11:30 AM session'] } },
      );
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
