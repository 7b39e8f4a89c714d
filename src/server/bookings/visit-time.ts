import { TZDate } from '@date-fns/tz';
import { VENUE_TIME_ZONE, openingHours, sessionTimes } from '../../shared/venue';

// When visits start and end, holds and the cancellation notice. The venue's dates themselves (today,
// calendar arithmetic, the bookable range) are the shared rules of src/shared/dates.ts.

export const HOLD_MINUTES = 15;
export const CANCEL_NOTICE_HOURS = 24;
/** A session can be booked until this long before it ends: last entry is an hour before closing. */
export const LAST_ENTRY_MINUTES_BEFORE_END = 60;

const parts = (isoDate: string) => isoDate.split('-').map(Number) as [number, number, number];
const hm = (t: string) => t.split(':').map(Number) as [number, number];

/** The instant a local wall-clock time on a venue date happens (right on both sides of a clock change). */
export function venueInstant(date: string, time: string): Date {
  const [y, m, d] = parts(date);
  const [hh, mm] = hm(time);
  return new Date(new TZDate(y, m - 1, d, hh, mm, VENUE_TIME_ZONE).getTime());
}

function sessionOf(sessionId: string) {
  const s = sessionTimes.find((x) => x.id === sessionId);
  if (!s) throw new Error(`unknown session ${sessionId}`);
  return s;
}

/** When a visit starts: its session's start, or opening time for an all-day ticket. */
export function visitStart(date: string, sessionId: string | null): Date {
  return venueInstant(date, sessionId ? sessionOf(sessionId).start : openingHours.opens);
}

export function visitEnd(date: string, sessionId: string | null): Date {
  return venueInstant(date, sessionId ? sessionOf(sessionId).end : openingHours.closes);
}

/** Whether a session (or an all-day ticket) can still be sold at `now`: until last entry. */
export function isStillBookable(date: string, sessionId: string | null, now: Date): boolean {
  return now.getTime() <= visitEnd(date, sessionId).getTime() - LAST_ENTRY_MINUTES_BEFORE_END * 60_000;
}

/** Full refund up to 24 real hours before the visit starts (elapsed time, so a clock change cannot shorten it). */
export function canCancelWithRefund(date: string, sessionId: string | null, now: Date): boolean {
  return visitStart(date, sessionId).getTime() - now.getTime() >= CANCEL_NOTICE_HOURS * 3_600_000;
}

export function holdExpiry(now: Date): Date {
  return new Date(now.getTime() + HOLD_MINUTES * 60_000);
}

export function isHoldExpired(holdExpiresAt: Date | null, now: Date): boolean {
  return holdExpiresAt !== null && holdExpiresAt.getTime() <= now.getTime();
}
