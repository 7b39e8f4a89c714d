import { TZDate } from '@date-fns/tz';
import { VENUE_TIME_ZONE } from '../../shared/venue';

// When visits start and end, holds and the cancellation notice. The venue's dates themselves (today,
// calendar arithmetic, the bookable range) are the shared rules of src/shared/dates.ts.

export const HOLD_MINUTES = 15;
export const CANCEL_NOTICE_HOURS = 24;

/**
 * The hours visits are timed by, from the catalogue (a PublicCatalogue is one): the sessions' times and
 * the opening hours an all-day ticket spans. Passed in, so an edit counts from the next call.
 */
export type VisitClock = {
  sessions: readonly { id: string; start: string; end: string }[];
  openingHours: { opens: string; closes: string; lastEntry: string };
};

const parts = (isoDate: string) => isoDate.split('-').map(Number) as [number, number, number];
const hm = (t: string) => t.split(':').map(Number) as [number, number];

/** The instant a local wall-clock time on a venue date happens (right on both sides of a clock change). */
export function venueInstant(date: string, time: string): Date {
  const [y, m, d] = parts(date);
  const [hh, mm] = hm(time);
  return new Date(new TZDate(y, m - 1, d, hh, mm, VENUE_TIME_ZONE).getTime());
}

function sessionOf(clock: VisitClock, sessionId: string) {
  const s = clock.sessions.find((x) => x.id === sessionId);
  if (!s) throw new Error(`unknown session ${sessionId}`);
  return s;
}

const minutesOf = (t: string) => {
  const [h, m] = hm(t);
  return h * 60 + m;
};

/** When a visit starts: its session's start, or opening time for an all-day ticket. */
export function visitStart(date: string, sessionId: string | null, clock: VisitClock): Date {
  return venueInstant(date, sessionId ? sessionOf(clock, sessionId).start : clock.openingHours.opens);
}

export function visitEnd(date: string, sessionId: string | null, clock: VisitClock): Date {
  return venueInstant(date, sessionId ? sessionOf(clock, sessionId).end : clock.openingHours.closes);
}

/**
 * Whether a session (or an all-day ticket) can still be sold at `now`: until last entry. Last entry is as
 * long before a session's end as the venue's last entry is before closing (an hour, as seeded).
 */
export function isStillBookable(date: string, sessionId: string | null, now: Date, clock: VisitClock): boolean {
  const { closes, lastEntry } = clock.openingHours;
  const lastEntryMs = (minutesOf(closes) - minutesOf(lastEntry)) * 60_000;
  return now.getTime() <= visitEnd(date, sessionId, clock).getTime() - lastEntryMs;
}

/** Full refund up to 24 real hours before the visit starts (elapsed time, so a clock change cannot shorten it). */
export function canCancelWithRefund(date: string, sessionId: string | null, now: Date, clock: VisitClock): boolean {
  return visitStart(date, sessionId, clock).getTime() - now.getTime() >= CANCEL_NOTICE_HOURS * 3_600_000;
}

export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60_000);
}

export function isHoldExpired(holdExpiresAt: Date | null, now: Date): boolean {
  return holdExpiresAt !== null && holdExpiresAt.getTime() <= now.getTime();
}
