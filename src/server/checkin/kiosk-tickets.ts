import { sql } from 'drizzle-orm';
import { WALK_IN_SLOT, type KioskTicket } from '../../shared/contracts/checkin';
import { maskEmail, maskPhone } from '../../shared/mask';
import { rowsOf, type Db } from '../db/client';

/** Enough for a family to find itself; more matches ask for more of the name. */
export const MAX_TICKETS = 20;

type Row = {
  id: string;
  kind: 'booking' | 'walk_in';
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  booking_date: string;
  time_slot: string;
  children: number;
  adults: number;
  total_pence: number;
  checked_in: boolean;
  checked_out: boolean;
};

/** ILIKE pattern for "contains": the family's % and _ are letters, not wildcards. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Today's paid bookings and today's walk-ins whose name contains `name` (case-insensitive), with
 * whether each has checked in and out. Never another day's, never an unpaid or cancelled booking.
 * One more than MAX_TICKETS is read so the caller knows the list was cut.
 */
export async function findTodaysTickets(db: Db, opts: { name: string; today: string }): Promise<KioskTicket[]> {
  const pattern = containsPattern(opts.name);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      (select b.id, 'booking' as kind, b.customer_name, b.customer_email, b.customer_phone,
         to_char(b.visit_date, 'YYYY-MM-DD') as booking_date, coalesce(s.label, '') as time_slot, coalesce(s.sort, 0) as sort,
         (select coalesce(sum(l.quantity) filter (where t.is_child), 0)::int from booking_lines l join ticket_types t on t.id = l.ticket_type_id where l.booking_id = b.id) as children,
         (select coalesce(sum(l.quantity) filter (where not t.is_child), 0)::int from booking_lines l join ticket_types t on t.id = l.ticket_type_id where l.booking_id = b.id) as adults,
         b.final_pence as total_pence, c.id is not null as checked_in, c.checked_out_at is not null as checked_out
       from bookings b
       left join session_times s on s.id = b.session_id
       left join check_ins c on c.booking_id = b.id
       where b.visit_date = ${opts.today} and b.status = 'confirmed' and b.customer_name ilike ${pattern}
       order by sort, b.customer_name
       limit ${MAX_TICKETS + 1})
      union all
      (select c.id, 'walk_in', c.walk_in_name, '', '', to_char(c.visit_date, 'YYYY-MM-DD'), ${WALK_IN_SLOT}, 99,
         c.children, c.adults, 0, true, c.checked_out_at is not null
       from check_ins c
       where c.visit_date = ${opts.today} and c.walk_in_name ilike ${pattern}
       order by c.walk_in_name
       limit ${MAX_TICKETS + 1})`),
  );
  return rows.slice(0, MAX_TICKETS + 1).map(toKioskTicket);
}

function toKioskTicket(r: Row): KioskTicket {
  const booking = r.kind === 'booking';
  return {
    id: r.id,
    customerName: r.customer_name,
    customerEmail: booking ? maskEmail(r.customer_email) : '',
    customerPhone: booking ? maskPhone(r.customer_phone) : '',
    bookingDate: r.booking_date,
    timeSlot: r.time_slot,
    numberOfChildren: Number(r.children),
    numberOfAdults: Number(r.adults),
    totalAmount: Number(r.total_pence),
    status: booking ? 'confirmed' : 'paid_in_store',
    checkedIn: r.checked_in,
    checkedOut: r.checked_out,
  };
}

/** A walk-in as the kiosk shows it (SPEC.md section 3): paid at reception, no contact details. */
export function walkInTicket(row: {
  id: string;
  walkInName: string | null;
  visitDate: string;
  children: number;
  adults: number;
  checkedOutAt: Date | null;
}): KioskTicket {
  return {
    id: row.id,
    customerName: row.walkInName ?? '',
    customerEmail: '',
    customerPhone: '',
    bookingDate: row.visitDate,
    timeSlot: WALK_IN_SLOT,
    numberOfChildren: row.children,
    numberOfAdults: row.adults,
    totalAmount: 0,
    status: 'paid_in_store',
    checkedIn: true,
    checkedOut: row.checkedOutAt !== null,
  };
}
