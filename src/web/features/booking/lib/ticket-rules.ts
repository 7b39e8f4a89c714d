import { ticketSellsFor } from '../../../../shared/catalogue';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { isWeekend } from '../../../../shared/dates';
import type { Quantities } from './order';

/** A ticket type's sale rule: some are sold only on some days or for some sessions (the baby and toddler mornings). */
export type SellRule = Pick<TicketTypeDto, 'id' | 'title' | 'sellDays' | 'sessionIds'>;

/** The chosen ticket types that are not sold for every visit. */
export function chosenRules(types: readonly TicketTypeDto[], q: Quantities): SellRule[] {
  return types.filter((t) => (q[t.id] ?? 0) > 0 && (t.sellDays !== 'any' || t.sessionIds.length > 0));
}

/** Whether every chosen ticket is sold for this visit (sessionId null: the weekday all-day choice). */
export const basketSellsFor = (rules: readonly SellRule[], slot: { weekend: boolean; sessionId: string | null }) =>
  rules.every((r) => ticketSellsFor(r, slot));

/** Whether some choice on `date` (one of `sessionIds`, or all day on a weekday) sells every chosen ticket. */
export function dateSellsBasket(rules: readonly SellRule[], date: string, sessionIds: readonly string[]): boolean {
  const weekend = isWeekend(date);
  if (!weekend && basketSellsFor(rules, { weekend, sessionId: null })) return true;
  return sessionIds.some((sessionId) => basketSellsFor(rules, { weekend, sessionId }));
}

const orList = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

/**
 * When a ticket is sold, in the catalogue's session labels: "Baby & Toddler Morning tickets are only for
 * the weekday 9:30 AM - 11:30 AM session."
 */
export function sellRuleText(rule: SellRule, sessionLabels: Readonly<Record<string, string>>): string {
  const days = rule.sellDays === 'weekdays' ? 'weekday' : rule.sellDays === 'weekends' ? 'weekend' : '';
  const sessions = rule.sessionIds.map((id) => sessionLabels[id] ?? id);
  if (sessions.length === 0) return `${rule.title} tickets are only for ${days} visits.`;
  const which = `${days ? `${days} ` : ''}${orList(sessions)} session${sessions.length > 1 ? 's' : ''}`;
  return `${rule.title} tickets are only for the ${which}.`;
}

/** Why a session cannot take the basket, when a ticket rule is why: "Not for Baby & Toddler Morning tickets". */
export function notSoldHint(rules: readonly SellRule[], slot: { weekend: boolean; sessionId: string | null }) {
  const refused = rules.filter((r) => !ticketSellsFor(r, slot)).map((r) => r.title);
  return refused.length ? `Not for ${orList(refused)} tickets` : '';
}
