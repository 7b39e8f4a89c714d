import { and, gte, isNull, lte } from 'drizzle-orm';
import type { SessionView } from '../../shared/catalogue';
import type { DraftAvailability } from '../../shared/contracts/admin-inquiries';
import { addDays, daysBetween, todayInLondon } from '../../shared/dates';
import { getAvailability } from '../calendar/availability';
import type { Db } from '../db/client';
import { sessionRestrictions } from '../db/schema';
import type { PartySlot } from './party-slots';

/** How far either side of a requested party date we look for alternatives. */
const ALTERNATIVE_WINDOW_DAYS = 14;
const MAX_ALTERNATIVES = 3;

export type CalendarCheck = {
  availability: DraftAvailability;
  availableSlots: { start: string; end: string }[];
  alternativeDates: string[];
};

/**
 * Which party slots are free on each date from..to: a slot is free when every open-play session it
 * overlaps is not blocked and has room (the availability query the booking page uses), and the day is
 * not closed; the after-hours slot only a whole-day block takes away.
 */
async function freePartySlots(
  db: Db,
  range: { from: string; to: string; now: Date; slots: readonly PartySlot[] },
): Promise<Map<string, PartySlot[]>> {
  const { from, to, now, slots } = range;
  const [days, wholeDays] = await Promise.all([
    getAvailability(db, { from, to }, now),
    db
      .select({ date: sessionRestrictions.date })
      .from(sessionRestrictions)
      .where(
        and(
          isNull(sessionRestrictions.sessionId),
          gte(sessionRestrictions.date, from),
          lte(sessionRestrictions.date, to),
        ),
      ),
  ]);
  const closed = new Set(wholeDays.map((r) => r.date));
  return new Map(
    days.map((d) => {
      const open = new Set(d.sessions.filter((s) => !s.blocked && s.remaining > 0).map((s) => s.id));
      return [d.date, slots.filter((slot) => !closed.has(d.date) && slot.sessionIds.every((id) => open.has(id)))];
    }),
  );
}

/**
 * Our own calendar for a party date and slot: 'available' when the slot asked for is free,
 * 'partial' when only other slots that day are, 'unavailable' when none are (or the date has
 * passed). Unless available, up to three nearby dates with that slot free (any slot when the
 * enquiry named none), nearest first, listed in date order. `slots`: the catalogue's party slots.
 */
export async function checkPartyDate(
  db: Db,
  opts: { date: string | null; slot: PartySlot | null; now: Date; slots: readonly PartySlot[] },
): Promise<CalendarCheck> {
  const today = todayInLondon(opts.now);
  const date = opts.date && opts.date >= today ? opts.date : null;
  const centre = date ?? today;
  const from = [addDays(centre, -ALTERNATIVE_WINDOW_DAYS), today].sort().at(-1)!;
  const to = addDays(centre, ALTERNATIVE_WINDOW_DAYS + (date ? 0 : ALTERNATIVE_WINDOW_DAYS));
  const free = await freePartySlots(db, { from, to, now: opts.now, slots: opts.slots });
  const fits = (slots: PartySlot[]) => (opts.slot ? slots.some((s) => s.label === opts.slot!.label) : slots.length > 0);

  const onDate = date ? (free.get(date) ?? []) : [];
  let availability: DraftAvailability;
  if (!date || onDate.length === 0) availability = 'unavailable';
  else if (opts.slot) availability = fits(onDate) ? 'available' : 'partial';
  else availability = onDate.length === opts.slots.length ? 'available' : 'partial';

  const alternativeDates =
    availability === 'available'
      ? []
      : [...free.entries()]
          .filter(([d, slots]) => d !== date && fits(slots))
          .map(([d]) => d)
          .sort((a, b) => Math.abs(daysBetween(centre, a)) - Math.abs(daysBetween(centre, b)) || a.localeCompare(b))
          .slice(0, MAX_ALTERNATIVES)
          .sort();
  return { availability, availableSlots: onDate.map(({ start, end }) => ({ start, end })), alternativeDates };
}

/**
 * For a contact enquiry (no date asked for): open play in the coming week. 'available' when every
 * day has a bookable session, 'partial' when some do; the free sessions of the first open day (their
 * times from the catalogue's `sessions`), and the next three open days.
 */
export async function checkComingWeek(
  db: Db,
  now: Date,
  sessions: readonly Pick<SessionView, 'id' | 'start' | 'end'>[],
): Promise<CalendarCheck> {
  const today = todayInLondon(now);
  const days = await getAvailability(db, { from: today, to: addDays(today, ALTERNATIVE_WINDOW_DAYS - 1) }, now);
  const week = days.slice(0, 7);
  const openWeek = week.filter((d) => d.available).length;
  const availability: DraftAvailability =
    openWeek === week.length ? 'available' : openWeek > 0 ? 'partial' : 'unavailable';
  const openDays = days.filter((d) => d.available);
  const first = openDays[0];
  const availableSlots = (first?.sessions ?? [])
    .filter((s) => s.available)
    .flatMap((s) => sessions.filter((t) => t.id === s.id).map((t) => ({ start: t.start, end: t.end })));
  return { availability, availableSlots, alternativeDates: openDays.slice(0, MAX_ALTERNATIVES).map((d) => d.date) };
}
