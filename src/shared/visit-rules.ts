import { formatPence, type Pence } from './money';

/**
 * The visit rules document (issue 25): the credit bundle's price, the car park's charges, the house rules
 * and what to bring, edited by admins like the rest of the catalogue (server/catalogue/admin-visit-rules.ts).
 * The facts are the database's; this file keeps their shape and the rules that word them.
 */
export type VisitRulesDocument = {
  /** Sold as one purchase: `credits` session credits for `pricePence`. */
  creditBundle: { credits: number; pricePence: Pence };
  /** The first `freeHours` are free, then `chargePence` for each further `chargePeriodHours` (or part). */
  parking: { freeHours: number; chargePence: Pence; chargePeriodHours: number };
  /** SPEC.md section 9 "Terms shown": the house rules a family agrees to when booking and at check-in. */
  visitTerms: string[];
  /** The day-before reminder's list (the parking line is added from `parking`: parkingBringLine). */
  whatToBring: string[];
};

/**
 * The one ticket type a credit pays for: 1 credit = 1 child (1-12) session (SPEC.md section 9), the catalogue's
 * type marked `paidByCredit` (ticket_types.paid_by_credit), so a renamed child ticket keeps its credits.
 */
export const creditTicketOf = <T extends { paidByCredit: boolean }>(types: readonly T[]): T | undefined =>
  types.find((t) => t.paidByCredit);

/** "hour", "2 hours": after "the first" or "every". */
const hours = (n: number) => (n === 1 ? 'hour' : `${n} hours`);

/** The car park's rule as the kiosk words it, whatever the numbers (no free time, or no charge at all). */
export function parkingRuleOf(p: VisitRulesDocument['parking']): string {
  if (p.chargePence === 0) return 'Parking is free.';
  const price = formatPence(p.chargePence, { whole: true });
  if (p.freeHours === 0) return `Parking costs ${price} for every ${hours(p.chargePeriodHours)}.`;
  return `Parking is free for the first ${hours(p.freeHours)}, then ${price} for every further ${hours(p.chargePeriodHours)}.`;
}

/** What to bring's parking line, written from the parking numbers so an edit of the charges keeps it true. */
export function parkingBringLine(p: VisitRulesDocument['parking']): string {
  const plate = "Your car's number plate if you drive";
  if (p.chargePence === 0) return `${plate}: parking is free.`;
  if (p.freeHours === 0)
    return `${plate}: parking costs ${formatPence(p.chargePence, { whole: true })} for every ${hours(p.chargePeriodHours)}.`;
  return `${plate}: the first ${hours(p.freeHours)} of parking ${p.freeHours === 1 ? 'is' : 'are'} free.`;
}

/** The reminder's "What to bring": the venue's lines, then the parking line. */
export function whatToBringOf(rules: Pick<VisitRulesDocument, 'whatToBring' | 'parking'>): string[] {
  return [...rules.whatToBring, parkingBringLine(rules.parking)];
}
