import { ticketSellsFor } from '../../shared/catalogue';
import { isWeekend, todayInLondon } from '../../shared/dates';
import type { TillCatalogue } from '../../shared/contracts/till';
import { loadBookingInputs } from '../bookings/booking-inputs';
import type { TicketTypeRow } from '../bookings/pricing';
import { isStillBookable } from '../bookings/visit-time';
import { getAvailability } from '../calendar/availability';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';

export type EntrySession = NonNullable<TillCatalogue['entry']['session']>;

/**
 * The session the till sells entry for: the one on now, or the next one today, still before its last entry
 * and not closed by staff (the same rule and the same remaining places a booking online sees:
 * calendar/availability.ts). Null when the day's sessions are over or the venue is closed.
 */
export async function entrySessionNow(db: Db, now: Date): Promise<EntrySession | null> {
  const date = todayInLondon(now);
  const [day] = await getAvailability(db, { from: date, to: date }, now);
  const clock = await publicCatalogue(db, now);
  const open = (day?.sessions ?? []).find((s) => !s.blocked && isStillBookable(date, s.id, now, clock));
  if (!open) return null;
  return { date, sessionId: open.id, label: open.label, placesLeft: open.remaining };
}

/** The ticket types on sale for that session, priced for today (the booking's own price rows). */
export async function entryTicketTypes(db: Db, session: EntrySession): Promise<TicketTypeRow[]> {
  const { types } = await loadBookingInputs(db, session.date, session.sessionId, '');
  const slot = { weekend: isWeekend(session.date), sessionId: session.sessionId };
  return types.filter((t) => t.active && ticketSellsFor(t, slot));
}
