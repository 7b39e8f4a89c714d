import QRCode from 'qrcode';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FamilyBookingDto, FamilyBookingsResponse } from '../../shared/contracts/family';
import { allDayLabelOf } from './booking-details';
import { todayInLondon } from '../../shared/dates';
import { canCancelWithRefund } from './visit-time';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { bookingLines, bookings, sessionTimes, ticketTypes } from '../db/schema';
import { AppError } from '../http/errors';

/** Holds that never became a sale (unpaid, failed, expired) are not the family's bookings. */
const shownStatuses = ['confirmed', 'processing', 'cancelled', 'refunded'] as const;
const MAX_BOOKINGS = 200;

/** A booking of this family (by normalised address), or 404: another family's booking looks like none. */
export async function familyBookingId(db: Db, email: string, bookingId: string): Promise<string> {
  const [b] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), sql`lower(${bookings.customerEmail}) = ${email}`));
  if (!b) throw new AppError('booking_not_found', 'We could not find that booking.');
  return b.id;
}

/**
 * GET /api/family/bookings (addresses are stored trimmed; bookings_email_idx is on lower(customer_email)): the
 * family's upcoming (soonest first) and past (newest first) bookings.
 */
export async function listFamilyBookings(db: Db, email: string, now: Date): Promise<FamilyBookingsResponse> {
  const rows = await db
    .select({ b: bookings, sessionLabel: sessionTimes.label })
    .from(bookings)
    .leftJoin(sessionTimes, eq(sessionTimes.id, bookings.sessionId))
    .where(and(sql`lower(${bookings.customerEmail}) = ${email}`, inArray(bookings.status, [...shownStatuses])))
    .orderBy(desc(bookings.visitDate), desc(bookings.createdAt))
    .limit(MAX_BOOKINGS);
  const ids = rows.map((r) => r.b.id);
  const lines = ids.length
    ? await db
        .select({ bookingId: bookingLines.bookingId, title: ticketTypes.title, quantity: bookingLines.quantity })
        .from(bookingLines)
        .innerJoin(ticketTypes, eq(ticketTypes.id, bookingLines.ticketTypeId))
        .where(inArray(bookingLines.bookingId, ids))
        .orderBy(asc(ticketTypes.sort))
    : [];
  const today = todayInLondon(now);
  const catalogue = await publicCatalogue(db, now);
  const allDay = allDayLabelOf(catalogue.openingHours);
  const upcoming: FamilyBookingDto[] = [];
  const past: FamilyBookingDto[] = [];
  for (const { b, sessionLabel } of rows) {
    const dto: FamilyBookingDto = {
      bookingId: b.id,
      reference: b.reference,
      date: b.visitDate,
      sessionLabel: sessionLabel ?? allDay,
      status: b.status,
      tickets: lines.filter((l) => l.bookingId === b.id).map((l) => ({ title: l.title, quantity: l.quantity })),
      totalAmount: b.finalPence,
      sessionCreditsUsed: b.creditsUsed,
      voucherDiscount: b.voucherDiscountPence,
      cancellable: b.status === 'confirmed' && canCancelWithRefund(b.visitDate, b.sessionId, now, catalogue),
    };
    if (b.status === 'confirmed')
      dto.ticketQr = await QRCode.toDataURL(b.ticketToken, { width: 320, margin: 2, errorCorrectionLevel: 'M' });
    (b.visitDate >= today ? upcoming : past).push(dto);
  }
  upcoming.reverse();
  return { upcoming, past };
}
