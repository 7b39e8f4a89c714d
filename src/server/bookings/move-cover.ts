import { and, eq, sql } from 'drizzle-orm';
import { normaliseCreditEmail } from '../../shared/contracts/credits';
import { rowsOf, type Db } from '../db/client';
import { bookingChildren, bookingLines, type bookings } from '../db/schema';
import { coverValue, noCover, type CoverMembers, type MemberCover } from './member-cover';
import type { PricedOrder, TicketTypeRow } from './pricing';

export type Recovered = { pence: number; cover: MemberCover };

/**
 * A covered booking moved by staff (staff-move.ts; issue 46 "Staff moves keep the rules"): the memberships' cover
 * asked again, through the composed contract, for the new day, inside the move's transaction. The booking's own
 * places stop counting first (its children's `membership_id` cleared), so the visits-a-day limit counts the other
 * visits of that day only; a refused move rolls this back with the rest.
 */
export async function coverAgain(
  tx: Db,
  o: {
    booking: typeof bookings.$inferSelect;
    order: PricedOrder;
    date: string;
    bandId: string;
    types: TicketTypeRow[];
    coverMembers?: CoverMembers;
    now: Date;
  },
): Promise<Recovered> {
  const children = rowsOf<{ child_id: string }>(
    await tx.execute(sql`update booking_children set membership_id = null where booking_id = ${o.booking.id}::uuid
      returning child_id::text`),
  ).map((r) => r.child_id);
  const cover =
    o.coverMembers && children.length > 0
      ? await o.coverMembers(tx, {
          email: normaliseCreditEmail(o.booking.customerEmail),
          childIds: children,
          visitDate: o.date,
          bandId: o.bandId,
          order: o.order,
          adultTicketTypeIds: o.types.filter((t) => !t.isChild).map((t) => t.id),
          now: o.now,
        })
      : noCover;
  return { pence: coverValue(o.order, cover).pence, cover };
}

/** The move's cover kept on the booking: whose place each membership pays for, and the lines at the new day's prices. */
export async function keepCover(tx: Db, o: { bookingId: string; order: PricedOrder; cover: Recovered }): Promise<void> {
  for (const c of o.cover.cover.children)
    await tx
      .update(bookingChildren)
      .set({ membershipId: c.membershipId })
      .where(and(eq(bookingChildren.bookingId, o.bookingId), eq(bookingChildren.childId, c.childId)));
  // The booking's prices are the new day's (its original total and cover are worked out from them).
  for (const l of o.order.lines)
    await tx
      .update(bookingLines)
      .set({ unitPricePence: l.unitPricePence, unitFeePence: l.unitFeePence })
      .where(and(eq(bookingLines.bookingId, o.bookingId), eq(bookingLines.ticketTypeId, l.ticketTypeId)));
}
