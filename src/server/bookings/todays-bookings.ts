import { sql } from 'drizzle-orm';
import type { TodaysBooking, TodaysBookingsResponse } from '../../shared/contracts/admin';
import { rowsOf, type Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { todayInLondon } from '../../shared/dates';
import { staffFamilyViews } from '../families/booking-agreement';

/** A busy Saturday is a few hundred bookings; this only caps a runaway answer. */
const MAX_BOOKINGS = 1000;

type Row = {
  id: string;
  reference: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  time_slot: string;
  children: number;
  adults: number;
  final_pence: number;
  status: 'confirmed' | 'processing';
  checked_in_at: Date | string | null;
  checked_out_at: Date | string | null;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Who is expected today (the venue's date): confirmed bookings and bank payments still clearing,
 * in session order (all-day tickets first), with party size from the ticket lines and the kiosk's
 * check-in state.
 */
export async function getTodaysBookings(opts: { db: Db; now: Date }): Promise<TodaysBookingsResponse> {
  const today = todayInLondon(opts.now);
  const rows = rowsOf<Row>(
    // Prepared: the plan is the same for every date, so it is made once per connection.
    await executePrepared(
      opts.db,
      sql`
      select b.id, b.reference, b.customer_name, b.customer_email, b.customer_phone,
             coalesce(st.label, 'All Day') as time_slot,
             coalesce(sum(bl.quantity) filter (where tt.is_child), 0)::int as children,
             coalesce(sum(bl.quantity) filter (where not tt.is_child), 0)::int as adults,
             b.final_pence, b.status, ci.checked_in_at, ci.checked_out_at
        from bookings b
        left join session_times st on st.id = b.session_id
        left join booking_lines bl on bl.booking_id = b.id
        left join ticket_types tt on tt.id = bl.ticket_type_id
        left join check_ins ci on ci.booking_id = b.id
       where b.visit_date = ${today}::date and b.status in ('confirmed', 'processing')
       group by b.id, st.label, st.sort, ci.id
       order by st.sort nulls first, b.customer_name, b.reference
       limit ${MAX_BOOKINGS}`,
    ),
  );
  const families = await staffFamilyViews(
    opts.db,
    rows.map((r) => ({ id: r.id, email: r.customer_email, visitDate: today })),
    opts.now,
  );
  const bookings: TodaysBooking[] = rows.map((r) => ({
    id: r.id,
    reference: r.reference,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    timeSlot: r.time_slot,
    numberOfChildren: r.children,
    numberOfAdults: r.adults,
    totalAmount: r.final_pence,
    status: r.status,
    checkedIn: r.checked_in_at !== null,
    checkedInAt: iso(r.checked_in_at),
    checkedOut: r.checked_out_at !== null,
    checkedOutAt: iso(r.checked_out_at),
    rulesOfPlayAccepted: families.get(r.id)?.rulesOfPlayAccepted ?? false,
    children: families.get(r.id)?.children ?? [],
  }));
  return { success: true, date: today, bookings };
}
