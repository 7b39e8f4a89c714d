import { sql } from 'drizzle-orm';
import { longDayMonth } from '../../shared/date-text';
import { todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { AppError } from '../http/errors';

/**
 * Issue 46 (DECISIONS.md "Memberships keep their money straight"): a child a live membership covers (pending,
 * active, past due, paused, or cancelled and running to its end), or named on a booking still to come that is
 * not cancelled, stays on the profile: removing it would take the membership's named children and the
 * booking's with it. Inside the profile's transaction, with the children's rows locked first (FOR UPDATE), so a
 * booking or a join naming one of them at the same moment is seen here, or waits for this to commit.
 * Throws 409 `child_in_use`, naming the child and what holds it.
 */
export async function refuseChildrenInUse(tx: Db, v: { email: string; childIds: string[]; now: Date }): Promise<void> {
  if (v.childIds.length === 0) return;
  const ids = `{${v.childIds.join(',')}}`;
  await tx.execute(
    sql`select id from family_children where email = ${v.email} and id = any(${ids}::uuid[]) for update`,
  );
  const [member] = rowsOf<{ first_name: string; member_number: number }>(
    await tx.execute(sql`
      select c.first_name, m.member_number from membership_children mc
      join memberships m on m.id = mc.membership_id
      join family_children c on c.id = mc.child_id
      where mc.child_id = any(${ids}::uuid[]) and m.status <> 'ended'
      order by m.member_number limit 1`),
  );
  if (member)
    throw new AppError(
      'child_in_use',
      `${member.first_name} is covered by membership M${member.member_number}, so they stay on your profile while it lasts.`,
    );
  const [booked] = rowsOf<{ first_name: string; visit_date: string; reference: string }>(
    await tx.execute(sql`
      select c.first_name, b.visit_date::text, b.reference from booking_children bc
      join bookings b on b.id = bc.booking_id
      join family_children c on c.id = bc.child_id
      where bc.child_id = any(${ids}::uuid[]) and b.visit_date >= ${todayInLondon(v.now)}::date
        and (b.status in ('confirmed', 'processing') or (b.status = 'pending' and b.hold_expires_at > ${v.now}))
      order by b.visit_date limit 1`),
  );
  if (booked)
    throw new AppError(
      'child_in_use',
      `${booked.first_name} is named on your booking on ${longDayMonth(booked.visit_date)} (${booked.reference}), so they stay on your profile until after that visit.`,
    );
}
