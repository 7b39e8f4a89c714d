import type { Db } from '../db/client';
import { bookingMembershipCover } from '../db/schema';
import type { PricedOrder } from './pricing';

/** What a booking asks the memberships domain, inside its transaction (after the pending-payment cap, before credits). */
export type MemberCoverRequest = {
  /** The booking's address, normalised; the session proved it (only then are children named). */
  email: string;
  /** The profile's children named as coming (booking-children.ts checked they are this family's). */
  childIds: string[];
  visitDate: string;
  /** The visit date's band of days (DECISIONS.md "Prices by day and season"). */
  bandId: string;
  /** The priced lines: a cover names ticket types and how many places of each it pays for. */
  order: PricedOrder;
  /** The order's ticket types that are not children's (a plan may let adults in free). */
  adultTicketTypeIds: string[];
  now: Date;
};

/**
 * The places a membership pays for on this booking (DECISIONS.md "Memberships": a member still books a place;
 * the places the plan covers cost £0). Empty when no membership covers these children on this day.
 */
export type MemberCover = {
  /** The named children whose place a membership pays for, and which membership. */
  children: { childId: string; membershipId: string }[];
  /**
   * Places paid for, by ticket type and by the membership that pays: one child ticket per covered child, and
   * grown-ups when the plan says so (at most FREE_ADULTS_PER_VISIT a booking, however many memberships).
   */
  places: { ticketTypeId: string; quantity: number; membershipId: string }[];
};

/**
 * Composed in app.ts from the memberships domain, so bookings never imports it (DECISIONS.md "Domains point
 * one way"). It locks the membership row, so two bookings for one member at once are counted one after the other.
 */
export type CoverMembers = (tx: Db, request: MemberCoverRequest) => Promise<MemberCover>;

export const noCover: MemberCover = { children: [], places: [] };

/**
 * What the cover takes off the order, in pence, how many places of each ticket type it paid for, and what each
 * membership's places were worth; a cover never pays for more places of a type than the order has.
 */
export function coverValue(
  order: PricedOrder,
  cover: MemberCover,
): { pence: number; byType: Map<string, number>; byMembership: Map<string, number> } {
  const byType = new Map<string, number>();
  const byMembership = new Map<string, number>();
  let pence = 0;
  for (const place of cover.places) {
    const line = order.lines.find((l) => l.ticketTypeId === place.ticketTypeId);
    if (!line) continue;
    const already = byType.get(line.ticketTypeId) ?? 0;
    const quantity = Math.min(place.quantity, line.quantity - already);
    if (quantity <= 0) continue;
    byType.set(line.ticketTypeId, already + quantity);
    const worth = quantity * (line.unitPricePence + line.unitFeePence);
    byMembership.set(place.membershipId, (byMembership.get(place.membershipId) ?? 0) + worth);
    pence += worth;
  }
  return { pence, byType, byMembership };
}

/**
 * In the booking's transaction (issue 46): what each membership paid for on it, kept on the booking side
 * (booking_membership_cover), so that what a membership paid for outlives any later edit of the family profile.
 */
export async function recordMemberCover(
  tx: Db,
  v: { bookingId: string; cover: MemberCover; byMembership: Map<string, number> },
): Promise<void> {
  const ids = new Set([...v.cover.children.map((c) => c.membershipId), ...v.byMembership.keys()]);
  const rows = [...ids].map((membershipId) => ({
    bookingId: v.bookingId,
    membershipId,
    visits: v.cover.children.filter((c) => c.membershipId === membershipId).length,
    valuePence: v.byMembership.get(membershipId) ?? 0,
  }));
  if (rows.length > 0) await tx.insert(bookingMembershipCover).values(rows);
}
