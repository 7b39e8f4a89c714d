import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { pgErrorCode } from '../db/pg-error';
import { bookings, checkIns } from '../db/schema';
import { recordLoyaltyVisit } from '../loyalty/achievements';
import { writeAudit } from '../staff/audit';
import { alreadyUsed, refuseUnlessPaidToday, ticketNotFound } from './check-in-errors';

/**
 * POST /api/check-in/check-in: a paid booking for today enters, once. The booking row is locked
 * FOR UPDATE, so two kiosks checking in the same ticket at once queue here and the second finds
 * the first's check-in (the unique index on check_ins.booking_id backs this up).
 */
export async function checkInBooking(opts: {
  db: Db;
  bookingId: string;
  numberPlate: string | null;
  actor: string;
  now: Date;
}): Promise<{ checkInId: string; checkedInAt: Date }> {
  const { now } = opts;
  try {
    return await opts.db.transaction(async (tx) => {
      const [b] = await tx
        .select({
          id: bookings.id,
          status: bookings.status,
          visitDate: bookings.visitDate,
          email: bookings.customerEmail,
        })
        .from(bookings)
        .where(eq(bookings.id, opts.bookingId))
        .for('update');
      if (!b) throw ticketNotFound();
      refuseUnlessPaidToday(b, now);
      const [existing] = await tx.select({ id: checkIns.id }).from(checkIns).where(eq(checkIns.bookingId, b.id));
      if (existing) throw alreadyUsed();

      const { checkInId } = await admitBooking(tx, b, {
        actor: opts.actor,
        numberPlate: opts.numberPlate,
        checkedInAt: now,
      });
      return { checkInId, checkedInAt: now };
    });
  } catch (err) {
    // A unique index refused a second check-in row (23505): a concurrent check-in won the race.
    if (pgErrorCode(err) === '23505') throw alreadyUsed();
    throw err;
  }
}

/** A booking's party: children and adults on its lines. */
export async function partyOf(tx: Db, bookingId: string): Promise<{ children: number; adults: number }> {
  const [party] = rowsOf<{ children: number; adults: number }>(
    await tx.execute(sql`
      select coalesce(sum(l.quantity) filter (where t.is_child), 0)::int as children,
             coalesce(sum(l.quantity) filter (where not t.is_child), 0)::int as adults
      from booking_lines l join ticket_types t on t.id = l.ticket_type_id where l.booking_id = ${bookingId}`),
  );
  return { children: Number(party?.children ?? 0), adults: Number(party?.adults ?? 0) };
}

/**
 * The booking's check-in row, its audit entry and its loyalty visit, in the caller's transaction (which
 * holds the booking's row lock and has found no check-in yet): online at the kiosk, or a queued offline one.
 */
export async function admitBooking(
  tx: Db,
  b: { id: string; visitDate: string; email: string },
  opts: { actor: string; numberPlate: string | null; checkedInAt: Date; details?: Record<string, unknown> },
): Promise<{ checkInId: string; children: number; adults: number }> {
  const party = await partyOf(tx, b.id);
  const [row] = await tx
    .insert(checkIns)
    .values({
      bookingId: b.id,
      visitDate: b.visitDate,
      children: party.children,
      adults: party.adults,
      numberPlate: opts.numberPlate,
      parkingAgreed: true,
      checkedInAt: opts.checkedInAt,
      checkedInBy: opts.actor,
    })
    .returning({ id: checkIns.id });
  await writeAudit(tx, {
    actor: opts.actor,
    action: 'checked_in',
    subjectType: 'booking',
    subjectId: b.id,
    details: { checkInId: row!.id, ...opts.details },
  });
  // DECISIONS.md: visits are counted at check-in, in this transaction, once per booking.
  await recordLoyaltyVisit({ tx, email: b.email, bookingId: b.id });
  return { checkInId: row!.id, ...party };
}
