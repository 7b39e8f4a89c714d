import { sql } from 'drizzle-orm';
import { FREE_ADULTS_PER_VISIT, type MembershipPlanDocument } from '../../shared/memberships';
import { noCover, type CoverMembers, type MemberCover } from '../bookings/member-cover';
import { rowsOf } from '../db/client';

/** Statuses in which a membership still pays for visits inside the period paid (a cancelled one runs to its end). */
const COVERING = ['active', 'past_due', 'cancelled'];

/**
 * What a family's memberships pay for on a booking (DECISIONS.md "Memberships"), composed into bookings in app.ts.
 * Inside the booking's transaction it locks the family's memberships first (ordered by id), so two bookings for
 * the same member at once are counted one after the other and the plan's visits a day hold across processes;
 * a hold that has not been paid yet counts too. A plan covers a named child only on its bands of days, inside the
 * period paid, or, for an active monthly membership that will renew, in the month after it, on trust of the
 * renewal (shared/memberships.ts coverEndsOn: the same rule; memberships/unpaid-visits.ts when that trust
 * fails), and one child ticket of the types it names per child.
 */
export const coverMembers: CoverMembers = async (tx, req) => {
  const members = rowsOf<{ id: string; plan: MembershipPlanDocument; children: string[] }>(
    await tx.execute(sql`
      select m.id, m.plan,
        (select coalesce(array_agg(mc.child_id::text), '{}') from membership_children mc
          where mc.membership_id = m.id and mc.child_id = any(${`{${req.childIds.join(',')}}`}::uuid[])) as children
      from memberships m
      where m.email = ${req.email} and m.status = any(${`{${COVERING.join(',')}}`}::text[])
        and ${req.visitDate}::date >= (m.current_period_start at time zone 'Europe/London')::date
        and ${req.visitDate}::date < case
          when m.status = 'active' and m.period = 'monthly' and not m.cancel_at_period_end
            then ((m.current_period_end at time zone 'Europe/London')::date + interval '1 month')::date
          else (m.current_period_end at time zone 'Europe/London')::date end
      order by m.id
      for update of m`),
  );
  if (members.length === 0) return noCover;
  const left = new Map(req.order.lines.map((l) => [l.ticketTypeId, l.quantity]));
  const take = (ticketTypeId: string, quantity: number): number => {
    const n = Math.min(quantity, left.get(ticketTypeId) ?? 0);
    left.set(ticketTypeId, (left.get(ticketTypeId) ?? 0) - n);
    return n;
  };
  const cover: MemberCover = { children: [], places: [] };
  // Free grown-ups are a booking's, not a membership's: at most FREE_ADULTS_PER_VISIT however many pay (issue 46).
  let adultsLeft = FREE_ADULTS_PER_VISIT;
  for (const m of members) {
    const plan = m.plan;
    if (plan.bandIds.length > 0 && !plan.bandIds.includes(req.bandId)) continue;
    const visitsToday = await visitsOn(tx, m.id, req.visitDate);
    let coveredHere = 0;
    for (const childId of m.children) {
      if (cover.children.some((c) => c.childId === childId)) continue;
      if ((visitsToday.get(childId) ?? 0) >= plan.visitsPerDay) continue;
      const type = plan.ticketTypeIds.find((id) => (left.get(id) ?? 0) > 0);
      if (!type) continue;
      take(type, 1);
      cover.children.push({ childId, membershipId: m.id });
      cover.places.push({ ticketTypeId: type, quantity: 1, membershipId: m.id });
      coveredHere += 1;
    }
    if (coveredHere === 0 || !plan.adultsFree) continue;
    for (const id of req.adultTicketTypeIds) {
      const n = take(id, adultsLeft);
      if (n > 0) cover.places.push({ ticketTypeId: id, quantity: n, membershipId: m.id });
      adultsLeft -= n;
    }
  }
  return cover;
};

/** Visits already booked today under this membership, per child (holds included: they may still be paid). */
export async function visitsOn(tx: Parameters<CoverMembers>[0], membershipId: string, date: string) {
  const rows = rowsOf<{ child_id: string; n: number }>(
    await tx.execute(sql`
      select bc.child_id::text as child_id, count(*)::int as n from booking_children bc
      join bookings b on b.id = bc.booking_id
      where bc.membership_id = ${membershipId}::uuid and b.visit_date = ${date}::date and b.places_held
      group by bc.child_id`),
  );
  return new Map(rows.map((r) => [r.child_id, r.n]));
}

/** One booking a membership paid for, from what the booking recorded when it was made (booking_membership_cover). */
export type CoveredVisit = {
  bookingId: string;
  reference: string;
  visitDate: string;
  sessionId: string | null;
  status: string;
  checkedIn: boolean;
  /** Children's places it paid for, and what its places (free grown-ups included) were worth. */
  visits: number;
  valuePence: number;
};

/**
 * Every booking this membership paid for that is paid or waiting for its payment, read from the booking side
 * (issue 46): a child removed from the profile since, or another membership on the same booking, changes nothing.
 */
export async function coveredVisits(db: Parameters<CoverMembers>[0], membershipId: string): Promise<CoveredVisit[]> {
  const rows = rowsOf<{
    booking_id: string;
    reference: string;
    visit_date: string;
    session_id: string | null;
    status: string;
    checked_in: boolean;
    visits: number;
    value_pence: number;
  }>(
    await db.execute(sql`
      select b.id::text as booking_id, b.reference, b.visit_date::text, b.session_id, b.status,
        exists (select 1 from check_ins ci where ci.booking_id = b.id) as checked_in, c.visits, c.value_pence
      from booking_membership_cover c join bookings b on b.id = c.booking_id
      where c.membership_id = ${membershipId}::uuid and b.status in ('confirmed', 'pending', 'processing')
      order by b.visit_date, b.session_id, b.reference`),
  );
  return rows.map((r) => ({
    bookingId: r.booking_id,
    reference: r.reference,
    visitDate: r.visit_date,
    sessionId: r.session_id,
    status: r.status,
    checkedIn: r.checked_in,
    visits: r.visits,
    valuePence: r.value_pence,
  }));
}

/** For staff: each membership's children's visits it paid for since its current period began (paid bookings). */
export async function visitsThisPeriod(
  db: Parameters<CoverMembers>[0],
  membershipIds: string[],
): Promise<Map<string, number>> {
  if (membershipIds.length === 0) return new Map();
  const rows = rowsOf<{ id: string; visits: number }>(
    await db.execute(sql`
      select m.id::text, sum(c.visits)::int as visits from memberships m
      join booking_membership_cover c on c.membership_id = m.id
      join bookings b on b.id = c.booking_id
      where m.id = any(${`{${membershipIds.join(',')}}`}::uuid[]) and b.status = 'confirmed'
        and b.visit_date >= (m.current_period_start at time zone 'Europe/London')::date
      group by m.id`),
  );
  return new Map(rows.map((r) => [r.id, r.visits]));
}
