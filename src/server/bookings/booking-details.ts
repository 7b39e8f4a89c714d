import { asc, eq, sql } from 'drizzle-orm';
import { sessionLabelOf } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { bookingLines, bookings, sessionTimes, ticketTypes } from '../db/schema';
import type { MailBooking } from './booking-mails';

type OpenHours = { opens: string; closes: string };

/** What a weekday all-day (flexible) ticket is called wherever a session label would be shown: the catalogue's hours. */
export function allDayLabelOf(hours: OpenHours): string {
  return `All day (flexible play, ${sessionLabelOf(hours.opens, hours.closes)})`;
}

export type BookingDetails = Omit<MailBooking, 'lines'> & {
  status: (typeof bookings.$inferSelect)['status'];
  viewerSecretHash: string | null;
  lines: { title: string; quantity: number; unitPricePence: number }[];
};

/** A booking with its lines' titles and its session's label, for mails and the status endpoint. */
export async function loadBookingDetails(db: Db, bookingId: string): Promise<BookingDetails | null> {
  const [row] = await db
    .select({
      b: bookings,
      sessionLabel: sessionTimes.label,
      // The venue's hours as this statement sees them (db may be a transaction): an all-day ticket's label.
      hours: sql<OpenHours | null>`(select value->'openingHours' from catalogue_documents where key = 'venue')`,
    })
    .from(bookings)
    .leftJoin(sessionTimes, eq(sessionTimes.id, bookings.sessionId))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const lines = await db
    .select({ title: ticketTypes.title, quantity: bookingLines.quantity, unitPricePence: bookingLines.unitPricePence })
    .from(bookingLines)
    .innerJoin(ticketTypes, eq(ticketTypes.id, bookingLines.ticketTypeId))
    .where(eq(bookingLines.bookingId, bookingId))
    .orderBy(asc(ticketTypes.sort));
  const b = row.b;
  return {
    id: b.id,
    reference: b.reference,
    status: b.status,
    viewerSecretHash: b.viewerSecretHash,
    customerName: b.customerName,
    customerEmail: b.customerEmail,
    visitDate: b.visitDate,
    sessionId: b.sessionId,
    sessionLabel: row.sessionLabel ?? (row.hours ? allDayLabelOf(row.hours) : 'All day'),
    finalPence: b.finalPence,
    creditsUsed: b.creditsUsed,
    creditSavingsPence: b.creditSavingsPence,
    membershipCoverPence: b.membershipCoverPence,
    voucherDiscountPence: b.voucherDiscountPence,
    giftVoucherId: b.giftVoucherId,
    giftVoucherPence: b.giftVoucherPence,
    ticketToken: b.ticketToken,
    lines,
  };
}
