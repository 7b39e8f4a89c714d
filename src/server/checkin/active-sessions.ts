import { sql } from 'drizzle-orm';
import { playSessionMinutes, type ActiveSessionsResponse, type OverAdmission } from '../../shared/contracts/admin';
import { todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { staffFamilyViews } from '../families/booking-agreement';

const MAX_SESSIONS = 1000;

type Row = {
  id: string;
  booking_id: string | null;
  reference: string | null;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  visit_date: string | null;
  children: number;
  adults: number;
  checked_in_at: Date | string;
};

/**
 * Everyone checked in and not yet out, longest in first, whatever day they arrived: a family nobody
 * checked out yesterday still shows (overdue) until staff check them out.
 */
export async function getActiveSessions(opts: { db: Db; now: Date }): Promise<ActiveSessionsResponse> {
  const rows = rowsOf<Row>(
    await opts.db.execute(sql`
      select ci.id, ci.booking_id, b.reference, coalesce(b.customer_name, ci.walk_in_name) as customer_name,
             b.customer_email, b.customer_phone, to_char(b.visit_date, 'YYYY-MM-DD') as visit_date, ci.children, ci.adults, ci.checked_in_at
        from check_ins ci
        left join bookings b on b.id = ci.booking_id
       where ci.checked_out_at is null
       order by ci.checked_in_at, ci.id
       limit ${MAX_SESSIONS}`),
  );
  const booked = rows.filter((r) => r.booking_id !== null && r.customer_email !== null && r.visit_date !== null);
  const families = await staffFamilyViews(
    opts.db,
    booked.map((r) => ({ id: r.booking_id!, email: r.customer_email!, visitDate: r.visit_date! })),
    opts.now,
  );
  return {
    success: true,
    overAdmissions: await overAdmissions(opts.db, todayInLondon(opts.now)),
    activeSessions: rows.map((r) => {
      const checkedInAt = new Date(r.checked_in_at);
      const sessionEnd = new Date(checkedInAt.getTime() + playSessionMinutes * 60_000);
      return {
        bookingId: r.booking_id ?? r.id,
        reference: r.reference,
        walkIn: r.booking_id === null,
        customerName: r.customer_name,
        customerEmail: r.customer_email ?? '',
        customerPhone: r.customer_phone ?? '',
        numberOfChildren: r.children,
        numberOfAdults: r.adults,
        // Whole minutes left, rounded down: 30 s past the end is already "overtime".
        timeRemaining: Math.floor((sessionEnd.getTime() - opts.now.getTime()) / 60_000),
        checkedInAt: checkedInAt.toISOString(),
        sessionEnd: sessionEnd.toISOString(),
        rulesOfPlayAccepted: r.booking_id ? (families.get(r.booking_id)?.rulesOfPlayAccepted ?? false) : null,
        children: (r.booking_id && families.get(r.booking_id)?.children) || [],
      };
    }),
  };
}

/** The day's tickets let in beyond their places by kiosks that were offline (sync-check-ins.ts), and by which. */
async function overAdmissions(db: Db, day: string): Promise<OverAdmission[]> {
  const rows = rowsOf<{ booking_id: string; reference: string; over: number; devices: string[] }>(
    await db.execute(sql`
      select o.booking_id, b.reference, sum(o.over_places)::int as over,
             array_agg(distinct o.device order by o.device) as devices
        from kiosk_offline_check_ins o join bookings b on b.id = o.booking_id
       where o.visit_date = ${day}
       group by o.booking_id, b.reference
      having sum(o.over_places) > 0
       order by over desc, b.reference
       limit ${MAX_SESSIONS}`),
  );
  return rows.map((r) => ({
    bookingId: r.booking_id,
    reference: r.reference,
    day,
    over: Number(r.over),
    devices: r.devices,
  }));
}
