import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import type { Pence } from '../../../../shared/money';
import { creditTicketOf } from '../../../../shared/visit-rules';

export type Quantities = Record<string, number>;
export type OrderLine = { id: string; title: string; quantity: number; unitPrice: Pence; amount: Pence };

/** The lines of the order, in the ticket types' order, skipping zero counts. */
export function orderLines(types: TicketTypeDto[], quantities: Quantities): OrderLine[] {
  return types
    .filter((t) => (quantities[t.id] ?? 0) > 0)
    .map((t) => {
      const quantity = quantities[t.id]!;
      const unitPrice = t.price + t.fee;
      return { id: t.id, title: t.title, quantity, unitPrice, amount: unitPrice * quantity };
    });
}

export const orderTotal = (lines: OrderLine[]): Pence => lines.reduce((sum, l) => sum + l.amount, 0);

/** Whether two orders charge differently for any ticket (a price change between two visit dates). */
export const pricesDiffer = (a: OrderLine[], b: OrderLine[]): boolean =>
  a.length !== b.length || a.some((l, i) => l.id !== b[i]?.id || l.unitPrice !== b[i]?.unitPrice);

/** SPEC.md section 9: the points preview is the whole-pound part of the total. */
export const pointsPreview = (total: Pence): number => Math.floor(total / 100);

export const ticketCount = (q: Quantities): number => Object.values(q).reduce((a, n) => a + n, 0);

/** Children take capacity; adults do not (DECISIONS.md "Capacity and holds"). `types`: the catalogue's. */
export const childCount = (types: readonly { id: string; isChild: boolean }[], q: Quantities): number =>
  types.reduce((a, t) => a + (t.isChild ? (q[t.id] ?? 0) : 0), 0);

/**
 * SPEC.md section 9: expected saving = min(child 1-12 tickets, credits) x that ticket's price, as the
 * server prices it for the visit date (a credit pays for one such ticket, whatever it costs that day).
 */
export function expectedCreditSaving(types: TicketTypeDto[], q: Quantities, credits: number): Pence {
  const type = creditTicketOf(types);
  if (!type) return 0;
  return Math.min(q[type.id] ?? 0, credits) * (type.price + type.fee);
}
