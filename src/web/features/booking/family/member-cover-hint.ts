import type { FamilyMembership } from '../../../../shared/contracts/memberships';
import { coverEndsOn, FREE_ADULTS_PER_VISIT } from '../../../../shared/memberships';

/**
 * Which ticked children a membership covers on `date` (its band of days, before coverEndsOn), grouped by
 * plan, for "Who's coming?" to say so. A hint only: the server prices the booking, with the plan's visits a day.
 */
export function coveredChildren(
  memberships: FamilyMembership[],
  chosen: { id: string; firstName: string }[],
  date: string,
  bandId: string | undefined,
): { planName: string; names: string; count: number }[] {
  const taken = new Set<string>();
  const out: { planName: string; names: string; count: number }[] = [];
  for (const m of memberships) {
    const ends = coverEndsOn(m);
    if (!ends || date >= ends) continue;
    if (m.bandIds.length > 0 && !(bandId && m.bandIds.includes(bandId))) continue;
    const names = chosen
      .filter((c) => !taken.has(c.id) && m.children.some((k) => k.id === c.id))
      .map((c) => (taken.add(c.id), c.firstName));
    if (names.length > 0)
      out.push({
        planName: m.planName,
        names: names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`,
        count: names.length,
      });
  }
  return out;
}

/**
 * What the memberships take off the order, in pence, as the server works it out (memberships/member-cover.ts): one
 * child ticket of a type the plan pays for per covered child, and up to two grown-ups' tickets when the plan lets
 * adults in free (two a booking in all). The server also counts the plan's visits a day, so it may take off less, never more.
 */
export function coverEstimate(
  memberships: FamilyMembership[],
  chosen: { id: string; firstName: string }[],
  date: string,
  bandId: string | undefined,
  prices: { id: string; price: number; fee: number; isChild: boolean }[],
  quantities: Record<string, number>,
): number {
  const left = new Map(Object.entries(quantities));
  let pence = 0;
  const take = (id: string, quantity: number): number => {
    const price = prices.find((p) => p.id === id);
    const n = price ? Math.min(quantity, left.get(id) ?? 0) : 0;
    if (n > 0) left.set(id, left.get(id)! - n);
    pence += n * (price ? price.price + price.fee : 0);
    return n;
  };
  let uncovered = chosen;
  // At most FREE_ADULTS_PER_VISIT free grown-ups a booking, however many memberships let adults in free (issue 46).
  let adults = FREE_ADULTS_PER_VISIT;
  for (const m of memberships) {
    const [covers] = coveredChildren([m], uncovered, date, bandId);
    let coveredHere = 0;
    for (let i = 0; i < (covers?.count ?? 0); i++) {
      const type = m.ticketTypeIds.find((id) => (left.get(id) ?? 0) > 0);
      if (!type || take(type, 1) === 0) break;
      coveredHere += 1;
    }
    if (covers) uncovered = uncovered.filter((c) => !m.children.some((k) => k.id === c.id));
    if (coveredHere === 0 || !m.adultsFree) continue;
    for (const grownUp of prices.filter((p) => !p.isChild)) adults -= take(grownUp.id, adults);
  }
  return pence;
}
