import { sql, type SQL } from 'drizzle-orm';
import { WALK_IN_SLOT } from '../../shared/contracts/checkin';
import { rowsOf, type Db } from '../db/client';
import { likeContains } from '../db/like';
import type { VisitRow } from './kiosk-view';

/** Enough for a family to find itself; more matches ask for more of the name. */
export const MAX_TICKETS = 20;

const partyCount = (child: boolean) =>
  sql`(select coalesce(sum(l.quantity) filter (where t.is_child = ${child}), 0)::int
         from booking_lines l join ticket_types t on t.id = l.ticket_type_id where l.booking_id = b.id)`;

/** Bookings with their session, party and check-in state, as VisitRow; `where` filters `b` (bookings). */
function bookingVisitsSql(where: SQL, limit: number): SQL {
  return sql`select b.id, 'booking' as kind, b.status, b.reference, b.customer_name, b.customer_email, b.customer_phone,
       to_char(b.visit_date, 'YYYY-MM-DD') as booking_date, coalesce(s.label, '') as time_slot, coalesce(s.sort, 0) as sort,
       ${partyCount(true)} as children, ${partyCount(false)} as adults,
       b.final_pence as total_pence, c.id is not null as checked_in, c.checked_out_at is not null as checked_out
     from bookings b
     left join session_times s on s.id = b.session_id
     left join check_ins c on c.booking_id = b.id
     where ${where}
     order by sort, b.customer_name
     limit ${limit}`;
}

export async function findBookingVisits(db: Db, where: SQL, limit = MAX_TICKETS): Promise<VisitRow[]> {
  return rowsOf<VisitRow>(await db.execute(bookingVisitsSql(where, limit)));
}

/** Today's paid bookings: the only ones a kiosk search may find. */
export const paidToday = (today: string) => sql`b.visit_date = ${today} and b.status = 'confirmed'`;

/**
 * Staff only: today's paid bookings and today's walk-ins whose name contains `name` (case-insensitive),
 * with whether each has checked in and out. One more than MAX_TICKETS is read so the caller knows the
 * list was cut.
 */
export async function findTodaysTickets(db: Db, opts: { name: string; today: string }): Promise<VisitRow[]> {
  const pattern = likeContains(opts.name);
  const rows = rowsOf<VisitRow>(
    await db.execute(sql`
      (${bookingVisitsSql(sql`${paidToday(opts.today)} and b.customer_name ilike ${pattern}`, MAX_TICKETS + 1)})
      union all
      (select c.id, 'walk_in', 'confirmed', null, c.walk_in_name, '', '', to_char(c.visit_date, 'YYYY-MM-DD'), ${WALK_IN_SLOT}, 99,
         c.children, c.adults, 0, true, c.checked_out_at is not null
       from check_ins c
       where c.visit_date = ${opts.today} and c.walk_in_name ilike ${pattern}
       order by c.walk_in_name
       limit ${MAX_TICKETS + 1})`),
  );
  return rows.slice(0, MAX_TICKETS + 1);
}

/** A walk-in's check-in row as a VisitRow (SPEC.md section 3): paid at reception, no contact details. */
export function walkInVisit(row: {
  id: string;
  walkInName: string | null;
  visitDate: string;
  children: number;
  adults: number;
  checkedOutAt: Date | null;
}): VisitRow {
  return {
    id: row.id,
    kind: 'walk_in',
    status: 'confirmed',
    reference: null,
    customer_name: row.walkInName ?? '',
    customer_email: '',
    customer_phone: '',
    booking_date: row.visitDate,
    time_slot: WALK_IN_SLOT,
    children: row.children,
    adults: row.adults,
    total_pence: 0,
    checked_in: true,
    checked_out: row.checkedOutAt !== null,
  };
}
