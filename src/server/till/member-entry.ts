import { bandOn } from '../../shared/catalogue';
import { splitGross } from '../../shared/vat';
import { insertBookingChildren } from '../bookings/booking-children';
import { coverValue, recordMemberCover } from '../bookings/member-cover';
import { catalogueOf } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { isMemberCard } from '../memberships/member-card';
import { coverMembers } from '../memberships/member-cover';
import { membershipOfCard, planMemberWalkIn } from '../memberships/member-walk-in';
import type { PricedBasket, PricedTillLine } from './price-basket';

/** A member card scanned at the till: whose, and what its membership pays for today, by ticket type. */
export type MemberEntry = { email: string; childIds: string[]; coveredByType: Map<string, number> };

/**
 * What a member card pays for on this basket (DECISIONS.md "Memberships": the covered children's places cost
 * £0), worked out by the memberships domain's own rules before the sale (the kiosk walk-in's plan: paid for
 * today, its days, its visits a day, the plan's free grown-ups). The sale's transaction asks the membership
 * again under its lock (coverMembers) and refuses with price_changed if the answer moved.
 */
export async function memberEntryFor(db: Db, codes: string[], basket: PricedBasket, now: Date) {
  const card = codes.find(isMemberCard);
  if (!card) return null;
  if (!basket.entry) throw new AppError('invalid_input', 'A member card pays for entry: add the children’s entry.');
  const plan = await planMemberWalkIn(db, await membershipOfCard(db, card), now);
  const left = new Map<string, number>();
  for (const l of basket.lines) if (l.kind === 'entry') left.set(l.itemId, (left.get(l.itemId) ?? 0) + l.quantity);
  const coveredByType = new Map<string, number>();
  const take = (type: string, n: number) => {
    const k = Math.min(n, left.get(type) ?? 0);
    if (k > 0) coveredByType.set(type, (coveredByType.get(type) ?? 0) + k);
    left.set(type, (left.get(type) ?? 0) - k);
    return k;
  };
  const childIds = plan.children.filter((c) => take(c.ticketTypeId, 1) > 0).map((c) => c.id);
  if (childIds.length === 0)
    throw new AppError('not_covered', 'This member card covers none of the entry on this sale.');
  if (plan.adultTicketTypeId && plan.freeAdults > 0) take(plan.adultTicketTypeId, plan.freeAdults);
  return { email: plan.membership.email, childIds, coveredByType } satisfies MemberEntry;
}

/** The basket with the covered places split off onto £0 lines ("... (membership)"). */
export function applyMemberCover(basket: PricedBasket, member: MemberEntry | null): PricedBasket {
  if (!member) return basket;
  const left = new Map(member.coveredByType);
  const lines = basket.lines.flatMap((l): PricedTillLine[] => {
    const k = l.kind === 'entry' ? Math.min(left.get(l.itemId) ?? 0, l.quantity) : 0;
    if (k === 0) return [l];
    left.set(l.itemId, (left.get(l.itemId) ?? 0) - k);
    const free: PricedTillLine = {
      ...l,
      ...splitGross(0, l.vatRateBasisPoints),
      description: `${l.description} (membership)`,
      quantity: k,
      unitPence: 0,
      totalPence: 0,
    };
    if (k === l.quantity) return [free];
    const paid = splitGross(l.unitPence * (l.quantity - k), l.vatRateBasisPoints);
    return [free, { ...l, ...paid, quantity: l.quantity - k, totalPence: paid.grossPence }];
  });
  return { ...basket, lines, totalPence: lines.reduce((sum, l) => sum + l.totalPence, 0) };
}

/**
 * In the sale's transaction, before any place is taken (the lock order a booking uses: the membership first):
 * the membership locked and asked again; a different answer than the till was shown is price_changed.
 */
export async function lockMemberCover(tx: Db, o: { member: MemberEntry; basket: PricedBasket; now: Date }) {
  const entry = o.basket.entry!;
  const lines = new Map<string, { quantity: number; unitPricePence: number }>();
  for (const l of o.basket.lines.filter((x) => x.kind === 'entry')) {
    const was = lines.get(l.itemId);
    lines.set(l.itemId, {
      quantity: (was?.quantity ?? 0) + l.quantity,
      unitPricePence: Math.max(was?.unitPricePence ?? 0, l.unitPence),
    });
  }
  const order = {
    lines: [...lines].map(([ticketTypeId, l]) => ({ ticketTypeId, title: ticketTypeId, unitFeePence: 0, ...l })),
    totalPence: 0,
    places: o.basket.places,
  };
  const catalogue = await catalogueOf(tx);
  const cover = await coverMembers(tx, {
    email: o.member.email,
    childIds: o.member.childIds,
    visitDate: entry.date,
    bandId: bandOn(catalogue, entry.date).id,
    order,
    adultTicketTypeIds: catalogue.ticketTypes.filter((t) => !t.isChild).map((t) => t.id),
    now: o.now,
  });
  const covered = coverValue(order, cover);
  const same =
    covered.byType.size === o.member.coveredByType.size &&
    [...o.member.coveredByType].every(([type, n]) => covered.byType.get(type) === n);
  if (!same)
    throw new AppError('price_changed', 'The membership covers something else now. Please scan the card again.');
  return { cover, byMembership: covered.byMembership };
}

export type LockedMemberCover = Awaited<ReturnType<typeof lockMemberCover>>;

/** Once the walk-in booking exists: its covered children and what the membership paid (the visits a day count it). */
export async function recordMemberEntry(
  tx: Db,
  o: { member: MemberEntry; locked: LockedMemberCover; bookingId: string },
): Promise<void> {
  const { cover, byMembership } = o.locked;
  await insertBookingChildren(tx, {
    bookingId: o.bookingId,
    email: o.member.email,
    childIds: cover.children.map((c) => c.childId),
    cover,
  });
  await recordMemberCover(tx, { bookingId: o.bookingId, cover, byMembership });
}
