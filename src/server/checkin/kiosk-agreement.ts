import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AgreementResponse } from '../../shared/contracts/family-profile';
import type { KioskAgreement, kioskAcceptAgreementSchema } from '../../shared/contracts/kiosk-agreement';
import { normaliseFamilyEmail } from '../../shared/contracts/family';
import { todayInLondon } from '../../shared/dates';
import { rowsOf, type Db } from '../db/client';
import { agreementAcceptances } from '../db/schema';
import { agreementAccepted, agreementOrNone, namedChildren, type NamedChild } from '../families/booking-agreement';
import { AppError } from '../http/errors';
import { ticketNotFound } from './check-in-errors';
import type { VisitRow } from './kiosk-view';

/**
 * The visit agreement at the kiosk (issue 39, DECISIONS.md "Families the venue knows"). After a scan or a
 * search, a booking of today shows "Agreement accepted", or the rules of play in force with the first names
 * of the children the booking names, for an adult to accept on the tablet. The tablet is a device, not proof
 * of who anyone is: it may only add an acceptance for the booking its handle names, never read one.
 */

const view = (agreement: AgreementResponse, accepted: boolean, children: NamedChild[]): KioskAgreement =>
  accepted
    ? { accepted: true, version: agreement.version }
    : {
        accepted: false,
        version: agreement.version,
        text: agreement.text,
        childNames: children.map((c) => c.firstName),
      };

/**
 * The agreement of each of today's paid bookings among `rows` (by id): null when no rules of play are in
 * force. Walk-ins, and bookings the kiosk could not check in, get no entry.
 */
export async function kioskAgreements(
  db: Db,
  rows: VisitRow[],
  now: Date,
): Promise<Map<string, KioskAgreement | null>> {
  const today = todayInLondon(now);
  const bookings = rows.filter((r) => r.kind === 'booking' && r.status === 'confirmed' && r.booking_date === today);
  const found = new Map<string, KioskAgreement | null>();
  if (bookings.length === 0) return found;
  const agreement = await agreementOrNone(db, now);
  if (!agreement) {
    for (const b of bookings) found.set(b.id, null);
    return found;
  }
  const children = await namedChildren(
    db,
    bookings.map((b) => b.id),
  );
  const refs = bookings.map((b) => ({ id: b.id, email: b.customer_email }));
  const accepted = await agreementAccepted(db, agreement, refs, children);
  for (const b of bookings) found.set(b.id, view(agreement, accepted.get(b.id) ?? false, children.get(b.id) ?? []));
  return found;
}

/**
 * POST /api/check-in/agreement: an adult accepts the version in force on the tablet for the booking the
 * handle names, which must be today's and paid (anything else: 404, as an unknown ticket). The acceptance
 * is the booking's: its e-mail address, its named children (none when booked without a profile), via
 * 'kiosk'. An older version is a 409 `agreement_changed`; nothing is written then.
 */
export async function acceptAtKiosk(opts: {
  db: Db;
  bookingId: string;
  input: Pick<z.infer<typeof kioskAcceptAgreementSchema>, 'version' | 'fullName'>;
  now: Date;
}): Promise<KioskAgreement> {
  const { db, bookingId, input, now } = opts;
  const [booking] = rowsOf<{ status: string; visit_date: string; customer_email: string }>(
    await db.execute(sql`
      select status, to_char(visit_date, 'YYYY-MM-DD') as visit_date, customer_email
        from bookings where id = ${bookingId}`),
  );
  if (!booking || booking.status !== 'confirmed' || booking.visit_date !== todayInLondon(now)) throw ticketNotFound();
  const agreement = await agreementOrNone(db, now);
  if (!agreement) throw new AppError('not_found', 'There are no rules of play to accept today.');
  if (agreement.version !== input.version)
    throw new AppError(
      'agreement_changed',
      'The rules of play have just changed. Please go back, scan your ticket again and read them.',
    );
  const children = (await namedChildren(db, [bookingId])).get(bookingId) ?? [];
  await db.insert(agreementAcceptances).values({
    email: normaliseFamilyEmail(booking.customer_email),
    version: agreement.version,
    fullName: input.fullName,
    childIds: children.map((c) => c.id),
    childNames: children.map((c) => c.firstName),
    bookingId,
    acceptedVia: 'kiosk',
    acceptedAt: now,
  });
  return { accepted: true, version: agreement.version };
}
