import type { FamilyMembership } from '../../../../shared/contracts/memberships';
import { coverEndsOn } from '../../../../shared/memberships';

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
 * child ticket of a type the plan pays for per covered child. Adults a plan lets in free are left out: the
 * estimate may be lower than what is taken off, never higher.
 */
export function coverEstimate(
  memberships: FamilyMembership[],
  chosen: { id: string; firstName: string }[],
  date: string,
  bandId: string | undefined,
  prices: { id: string; price: number; fee: number }[],
  quantities: Record<string, number>,
): number {
  const left = new Map(Object.entries(quantities));
  let pence = 0;
  let uncovered = chosen;
  for (const m of memberships) {
    const [covers] = coveredChildren([m], uncovered, date, bandId);
    for (let i = 0; i < (covers?.count ?? 0); i++) {
      const type = m.ticketTypeIds.find((id) => (left.get(id) ?? 0) > 0);
      const price = prices.find((p) => p.id === type);
      if (!type || !price) break;
      left.set(type, left.get(type)! - 1);
      pence += price.price + price.fee;
    }
    if (covers) uncovered = uncovered.filter((c) => !m.children.some((k) => k.id === c.id));
  }
  return pence;
}
