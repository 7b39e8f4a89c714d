import { eq } from 'drizzle-orm';
import type { StaffMoveResponse } from '../../shared/contracts/booking-manager';
import { isWeekend, isWithinBookableRange } from '../../shared/dates';
import { formatPence } from '../../shared/money';
import { publicCatalogue } from '../catalogue/catalogue-store';
import { myBookingsUrl } from '../families/my-bookings-link';
import type { Db } from '../db/client';
import { bookingLines, bookings } from '../db/schema';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { getAppSecret } from '../security/app-secret';
import { writeAudit } from '../staff/audit';
import { newTicketToken } from './booking-codes';
import { loadBookingDetails } from './booking-details';
import { confirmationMail } from './booking-mails';
import { adjustTaken, lockOccupancy, sessionsCounted, takePlaces } from './capacity';
import { cancelUrl } from './confirm-booking';
import { CAPACITY_MESSAGE } from './create-booking';
import { loadBookingInputs } from './booking-inputs';
import { coverAgain, keepCover } from './move-cover';
import type { CoverMembers } from './member-cover';
import { priceOrder } from './pricing';
import { isStillBookable } from './visit-time';

/**
 * Staff move a confirmed booking to another date or session (DECISIONS.md "Running the day"), only when
 * its tickets cost the same there (a covered booking: when its membership still pays for it there, or staff
 * confirmed the difference the family then owes, kept on the booking as `duePence`; issue 46): the lines are priced again with the booking page's pricing code and a
 * different total is refused (409 price_changed), as are a date outside the bookable range, a closed or
 * blocked session and a full one. One transaction locks the booking, then every occupancy row it leaves
 * or enters in one order (date, then session id: new bookings and cancellations lock one date in id
 * order, so this order agrees with theirs), gives the old places back and takes the new ones with the
 * same lock-check-take statement a new booking uses (`takePlaces`). The ticket token is replaced, so
 * the old QR no longer finds the booking at the kiosk; the family is e-mailed the new ticket; the move
 * is audited with the staff member.
 */
export async function staffMoveBooking(opts: {
  db: Db;
  bookingId: string;
  visitDate: string;
  sessionId: string;
  reason?: string;
  /** The difference staff confirmed, for a covered booking its membership no longer pays for all of there. */
  confirmDifferencePence?: number;
  /** The memberships' cover (composed in app.ts: bookings never imports memberships); absent, no cover is asked. */
  coverMembers?: CoverMembers;
  actor: string;
  publicUrl: string;
  now: Date;
}): Promise<StaffMoveResponse> {
  const { db, now, bookingId: id, visitDate: date, sessionId } = opts;
  if (!isWithinBookableRange(date, now))
    throw new AppError('date_out_of_range', 'Choose a date from today up to one month ahead.', {
      fields: { visitDate: ['Choose a date from today up to one month ahead'] },
    });
  const secret = await getAppSecret(db);
  const catalogue = await publicCatalogue(db, now);
  return db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!b) throw new AppError('booking_not_found', 'There is no such booking.');
    if (b.status !== 'confirmed') throw new AppError('not_confirmed', 'Only a confirmed (paid) booking can be moved.');
    if (b.visitDate === date && b.sessionId === sessionId)
      throw new AppError('same_session', 'The booking is already in that session on that date.');
    const {
      types,
      sessionIds: allIds,
      sessionLabels,
      blocked,
      bandId,
    } = await loadBookingInputs(tx, date, sessionId, '');
    if (!allIds.includes(sessionId))
      throw new AppError('invalid_input', 'Choose a session.', { fields: { sessionId: ['Unknown session'] } });
    if (!isStillBookable(date, sessionId, now, catalogue))
      throw new AppError(
        'session_closed',
        'Booking for that session has closed. Choose a later session or another day.',
      );
    if (blocked)
      throw new AppError('session_unavailable', 'That session is closed for booking on that date. Choose another.');

    const lines = await tx.select().from(bookingLines).where(eq(bookingLines.bookingId, b.id));
    const quantities: Record<string, number> = {};
    for (const l of lines) quantities[l.ticketTypeId] = (quantities[l.ticketTypeId] ?? 0) + l.quantity;
    const order = priceOrder(quantities, types, { weekend: isWeekend(date), sessionId, sessionLabels });
    // A covered booking: its membership's cover is asked again for the new day (band, period, visits a day).
    const recovered =
      b.membershipCoverPence > 0 ? await coverAgain(tx, { booking: b, order, date, bandId, types, ...opts }) : null;
    const familyBefore = b.originalPence - b.membershipCoverPence;
    const differencePence = recovered ? order.totalPence - recovered.pence - familyBefore : 0;
    if (order.places !== b.places || (recovered ? differencePence < 0 : order.totalPence !== b.originalPence))
      throw new AppError(
        'price_changed',
        `The prices differ: these tickets cost ${formatPence(order.totalPence)} for that session, not the ${formatPence(b.originalPence)} paid. Only a move at the same price is possible; cancel and rebook instead.`,
      );
    if (differencePence > 0 && opts.confirmDifferencePence !== differencePence)
      throw new AppError(
        'price_changed',
        `The membership does not pay for all of this booking then: the family pays ${formatPence(differencePence)} more. Move it only if they agree, and take it at the desk.`,
        { current: { differencePence } },
      );

    if (b.placesHeld && b.places > 0) {
      const from = sessionsCounted(b.sessionId, allIds);
      const to = [sessionId];
      // Every row this move touches, locked in one order: by date, then by session id.
      const byDate = new Map<string, Set<string>>();
      for (const [d, ids] of [
        [b.visitDate, from],
        [date, to],
      ] as const)
        for (const s of ids) byDate.set(d, (byDate.get(d) ?? new Set()).add(s));
      for (const d of [...byDate.keys()].sort()) await lockOccupancy(tx, d, [...byDate.get(d)!]);
      await adjustTaken(tx, b.visitDate, from, -b.places);
      // Throwing rolls the release back too: a refused move changes nothing.
      if (!(await takePlaces(tx, date, to, b.places))) throw new AppError('capacity_exhausted', CAPACITY_MESSAGE);
    }
    if (recovered) await keepCover(tx, { bookingId: b.id, order, cover: recovered });
    await tx
      .update(bookings)
      .set({
        visitDate: date,
        sessionId,
        ticketToken: newTicketToken(),
        updatedAt: now,
        ...(recovered
          ? {
              originalPence: order.totalPence,
              membershipCoverPence: recovered.pence,
              duePence: b.duePence + differencePence,
            }
          : {}),
      })
      .where(eq(bookings.id, b.id));
    await writeAudit(tx, {
      actor: opts.actor,
      action: 'booking_moved',
      subjectType: 'booking',
      subjectId: b.id,
      details: {
        from: { visitDate: b.visitDate, sessionId: b.sessionId },
        to: { visitDate: date, sessionId },
        ...(opts.reason ? { reason: opts.reason } : {}),
        ...(recovered
          ? { membershipCoverPence: { from: b.membershipCoverPence, to: recovered.pence }, differencePence }
          : {}),
      },
    });
    const moved = await loadBookingDetails(tx, b.id);
    const mail = await confirmationMail(moved!, {
      cancelUrl: cancelUrl(opts.publicUrl, secret, b.id),
      myBookingsUrl: myBookingsUrl(opts.publicUrl, secret, b.id),
      now,
      catalogue,
    });
    // Its own key: the first confirmation's dedupe key would swallow the new ticket.
    await enqueueMail(tx, { ...mail, dedupeKey: `booking-moved:${b.id}:${now.getTime()}` });
    return { status: 'moved' as const, visitDate: date, sessionId, duePence: b.duePence + differencePence };
  });
}
