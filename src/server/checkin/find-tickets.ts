import { sql } from 'drizzle-orm';
import { SURNAME_MIN, type FindTicketsInput, type KioskTicket } from '../../shared/contracts/checkin';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { escapeLike } from '../db/like';
import { refuseUnlessPaidToday } from './check-in-errors';
import type { KioskCardResolver } from './kiosk-cards';
import { kioskAgreements } from './kiosk-agreement';
import { findBookingVisits, paidToday } from './kiosk-tickets';
import { toKioskTicket, type KioskAccess, type VisitRow } from './kiosk-view';

/** A family with a few bookings today finds them all; a surname and 3 digits rarely match more. */
const MAX_FOUND = 10;

/**
 * POST /api/check-in/find (DECISIONS.md "Kiosk privacy"). A scan finds the booking its QR names: whoever
 * holds the ticket is told why it cannot come in (another day, cancelled, unpaid) and may check it out
 * again later. A reference, or a surname with the last 3 digits of the booking's phone, finds only
 * today's paid bookings; input too short to be either is answered like a wrong guess: an empty list.
 */
export async function findTickets(
  db: Db,
  input: FindTicketsInput,
  a: KioskAccess,
  cards?: KioskCardResolver,
): Promise<KioskTicket[]> {
  const today = todayInLondon(a.now);
  if (input.by === 'ticket') {
    const token = input.token.trim();
    if (token.length < 16) return [];
    // A member card finds the family's bookings of today that it may check in, like a search does.
    const cardBookings = cards ? await cards(db, token, a.now) : null;
    if (cardBookings) {
      if (cardBookings.length === 0) return [];
      const ids = `{${cardBookings.join(',')}}`;
      const rows = await findBookingVisits(db, sql`${paidToday(today)} and b.id = any(${ids}::uuid[])`, MAX_FOUND);
      return withAgreements(db, rows, a, 'scan');
    }
    const [row] = await findBookingVisits(db, sql`b.ticket_token = ${token}`, 1);
    if (!row) return [];
    refuseUnlessPaidToday({ status: row.status, visitDate: row.booking_date }, a.now);
    return withAgreements(db, [row], a, 'scan');
  }
  if (input.by === 'reference') {
    const reference = normaliseReference(input.reference);
    if (!reference) return [];
    const rows = await findBookingVisits(db, sql`${paidToday(today)} and b.reference = ${reference}`, 1);
    return withAgreements(db, rows, a, 'search');
  }
  const surname = input.surname.trim().replace(/\s+/g, ' ').toLowerCase();
  const digits = input.phoneDigits.trim();
  if (surname.replace(/[^\p{L}]/gu, '').length < SURNAME_MIN || !/^\d{3}$/.test(digits)) return [];
  // The name's last word(s) are the surname: "Parent" finds "Jess Parent", "van Dijk" finds "Sam van Dijk".
  const name = sql`regexp_replace(lower(trim(b.customer_name)), '\\s+', ' ', 'g')`;
  const rows = await findBookingVisits(
    db,
    sql`${paidToday(today)}
      and (${name} = ${surname} or ${name} like ${`% ${escapeLike(surname)}`})
      and right(regexp_replace(b.customer_phone, '[^0-9]', '', 'g'), 3) = ${digits}`,
    MAX_FOUND,
  );
  return withAgreements(db, rows, a, 'search');
}

/** The tickets, each of today's bookings with its visit agreement (issue 39). */
export async function withAgreements(
  db: Db,
  rows: VisitRow[],
  a: KioskAccess,
  via: 'scan' | 'search',
): Promise<KioskTicket[]> {
  const agreements = await kioskAgreements(db, rows, a.now);
  return rows.map((r) => toKioskTicket(r, a, via, agreements.get(r.id)));
}

/** "ptb-7k3q9x", "PTB 7K3Q9X" or "7K3Q9X" as the stored "PTB-7K3Q9X"; null when it cannot be one. */
export function normaliseReference(raw: string): string | null {
  const s = raw.toUpperCase().replace(/[\s-]/g, '');
  const code = s.startsWith('PTB') && s.length === 9 ? s.slice(3) : s;
  return /^[A-Z0-9]{6}$/.test(code) ? `PTB-${code}` : null;
}
