import type { KioskTicket } from '../../../../shared/contracts/checkin';
import type { DayList, DayListTicket } from '../../../../shared/contracts/kiosk-offline';
import { longDayMonth } from '../../../../shared/date-text';
import { todayInLondon } from '../../../../shared/dates';
import { USED_TICKET_TEXT } from '../components/ticket-result';
import { admittedHere } from './kiosk-store';
import { ticketHash } from './ticket-hash';

/** A scanned ticket checked against the day's list: what the kiosk shows, and what it queues. */
export type OfflineLookup =
  | {
      ok: true;
      ticket: KioskTicket;
      hash: string;
      places: number;
      /** The visit agreement as the list has it (issue 39): shown, never a reason to refuse. */
      agreement: DayListTicket['agreement'];
    }
  | { ok: false; title: string; message: string };

export const NOT_RECOGNISED =
  'We could not find that ticket. Please try again, use your booking reference, or ask at reception.';

/**
 * Offline, a scan is checked against the list (issue 41): accepted with the session and party, as online;
 * refused when unknown, for another day, or already fully checked in (by the list, or on this device). A member
 * card (issue 40) stands for the first of its tickets of today with places left.
 */
export async function checkOffline(list: DayList, code: string, now = new Date()): Promise<OfflineLookup> {
  if (list.day !== todayInLondon(now)) return { ok: false, title: 'Ticket Not Recognised', message: NOT_RECOGNISED };
  const hash = await ticketHash(list.hashKey, code.trim());
  const other = list.otherDays.find((t) => t.hash === hash);
  if (other)
    return {
      ok: false,
      title: 'Cannot Check In',
      message: `This ticket is for ${longDayMonth(other.day)}, not today. Please ask a member of staff.`,
    };
  const card = list.cards?.find((c) => c.hash === hash);
  const candidates = card ? card.tickets : [hash];
  const found = candidates.flatMap((h) => list.tickets.find((x) => x.hash === h) ?? []);
  if (found.length === 0) return { ok: false, title: 'Ticket Not Recognised', message: NOT_RECOGNISED };
  for (const t of found) {
    const places = t.children + t.adults;
    if (t.checkedIn + (await admittedHere(t.hash)) < places) return accepted(list, t, places);
  }
  return { ok: false, title: 'Ticket Already Used', message: USED_TICKET_TEXT };
}

function accepted(list: DayList, t: DayListTicket, places: number): OfflineLookup {
  const session = t.session >= 0 ? list.sessions[t.session] : undefined;
  return {
    ok: true,
    hash: t.hash,
    places,
    agreement: t.agreement,
    ticket: {
      // No name offline: the list has none.
      handle: `offline:${t.hash}`,
      displayName: 'Your booking',
      bookingDate: list.day,
      timeSlot: session?.label ?? '',
      numberOfChildren: t.children,
      numberOfAdults: t.adults,
      status: 'confirmed',
      checkedIn: false,
      checkedOut: false,
      canCheckOut: false,
    },
  };
}
