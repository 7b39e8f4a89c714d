import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import type { Pence } from '../../../../shared/money';
import { creditBundle, ticketTypeSeeds } from '../../../../shared/venue';

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

/** SPEC.md section 9: the points preview is the whole-pound part of the total. */
export const pointsPreview = (total: Pence): number => Math.floor(total / 100);

export const ticketCount = (q: Quantities): number => Object.values(q).reduce((a, n) => a + n, 0);

const childTypeIds = new Set(ticketTypeSeeds.filter((t) => t.isChild).map((t) => t.id));
const morningOnlyIds = new Set(ticketTypeSeeds.filter((t) => t.weekdayMorningOnly).map((t) => t.id));

/** Children take capacity; adults do not (DECISIONS.md "Capacity and holds"). */
export const childCount = (q: Quantities): number =>
  Object.entries(q).reduce((a, [id, n]) => a + (childTypeIds.has(id) ? n : 0), 0);

export const needsWeekdayMorning = (types: TicketTypeDto[], q: Quantities): boolean =>
  types.some((t) => (t.weekdayMorningOnly || morningOnlyIds.has(t.id)) && (q[t.id] ?? 0) > 0);

/** SPEC.md section 9: expected saving = min(child 1-12 tickets, credits) x the child session price. */
export function expectedCreditSaving(q: Quantities, credits: number): Pence {
  const creditable = q[creditBundle.ticketTypeId] ?? 0;
  return Math.min(creditable, credits) * creditBundle.childSessionPence;
}
