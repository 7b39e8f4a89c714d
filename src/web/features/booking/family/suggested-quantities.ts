import { type Quantities, ticketCount } from '../lib/order';

/**
 * The order with a suggestion applied (issue 39): each suggested ticket type on sale that day set to the
 * ticked children's count, every other ticket as the family chose it. A suggestion that would leave no
 * tickets at all (the last child unticked) changes nothing: the order is never emptied under the family.
 */
export function withSuggestedTickets(
  quantities: Quantities,
  suggested: Record<string, number>,
  onSale: readonly string[],
): Quantities {
  const next = { ...quantities };
  for (const [id, n] of Object.entries(suggested)) if (onSale.includes(id)) next[id] = n;
  return ticketCount(next) > 0 ? next : quantities;
}

/** Whether two suggestions ask for the same tickets (a new visit date that changes no child's ticket). */
export const sameSuggestion = (a: Record<string, number>, b: Record<string, number>): boolean =>
  Object.keys({ ...a, ...b }).every((id) => (a[id] ?? 0) === (b[id] ?? 0));
