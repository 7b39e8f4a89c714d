import { sql } from 'drizzle-orm';
import type { StaffCheckoutResponse } from '../../shared/contracts/admin';
import { rowsOf, type Db } from '../db/client';
import { AppError } from '../http/errors';
import { writeAudit } from '../staff/audit';

/**
 * Staff check a visitor out from the Checked In tab: `bookingId` is a booking's id or, for a walk-in,
 * the check-in's own id. The update only touches a check-in that is still open, so two staff pressing
 * Check Out together (or staff and the family at the kiosk) check out once; the other gets a 409.
 * The audit entry is written in the same transaction.
 */
export async function staffCheckOut(opts: { db: Db; bookingId: string; actor: string; now: Date }): Promise<StaffCheckoutResponse> {
  return opts.db.transaction(async (tx) => {
    const [done] = rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`
        update check_ins ci set checked_out_at = ${opts.now.toISOString()}::timestamptz, checked_out_by = ${opts.actor}
          from (select c.id, coalesce(b.customer_name, c.walk_in_name) as name
                  from check_ins c left join bookings b on b.id = c.booking_id
                 where (c.booking_id = ${opts.bookingId}::uuid or c.id = ${opts.bookingId}::uuid)) x
         where ci.id = x.id and ci.checked_out_at is null
        returning ci.id, x.name`),
    );
    if (!done) {
      const [existing] = rowsOf<{ checked_out_at: Date | string | null }>(
        await tx.execute(sql`select checked_out_at from check_ins where booking_id = ${opts.bookingId}::uuid or id = ${opts.bookingId}::uuid limit 1`),
      );
      if (existing) throw new AppError('already_checked_out', 409, 'This visitor has already been checked out.');
      throw new AppError('not_checked_in', 404, 'This visitor is not checked in, so there is nothing to check out.');
    }
    await writeAudit(tx, { actor: opts.actor, action: 'visitor_checked_out', subjectType: 'check_in', subjectId: done.id, details: { bookingId: opts.bookingId } });
    return { success: true, message: `${done.name} has been checked out.` };
  });
}
