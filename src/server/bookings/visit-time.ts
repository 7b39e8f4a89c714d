import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, format } from 'date-fns';
import { openingHours, sessionTimes } from '../../shared/venue';

/** The venue's day, not the server's (ARCHITECTURE.md): every date rule is in Europe/London. */
export const VENUE_TZ = 'Europe/London';

export const HOLD_MINUTES = 15;
export const CANCEL_NOTICE_HOURS = 24;
/** A session can be booked until this long before it ends: last entry is an hour before closing. */
export const LAST_ENTRY_MINUTES_BEFORE_END = 60;

const parts = (isoDate: string) => isoDate.split('-').map(Number) as [number, number, number];
const hm = (t: string) => t.split(':').map(Number) as [number, number];

/** Today's date at the venue, yyyy-MM-dd. */
export function venueToday(now: Date): string {
  return format(new TZDate(now, VENUE_TZ), 'yyyy-MM-dd');
}

/** Bookable dates: today through one month ahead (SPEC.md section 9), inclusive. */
export function bookableRange(now: Date): { from: string; to: string } {
  const today = new TZDate(now, VENUE_TZ);
  return { from: format(today, 'yyyy-MM-dd'), to: format(addMonths(today, 1), 'yyyy-MM-dd') };
}

export function isWithinBookableRange(date: string, now: Date): boolean {
  const { from, to } = bookableRange(now);
  return date >= from && date <= to;
}

/** Every date from..to inclusive (yyyy-MM-dd); calendar arithmetic on the date alone, no clock. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const [y, m, d] = parts(from);
  for (let day = new Date(Date.UTC(y, m - 1, d)); ; day = addDays(day, 1)) {
    const iso = day.toISOString().slice(0, 10);
    if (iso > to) break;
    out.push(iso);
  }
  return out;
}

export function isWeekend(date: string): boolean {
  const [y, m, d] = parts(date);
  const dow = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return dow === 0 || dow === 6;
}

/** The instant a local wall-clock time on a venue date happens (right on both sides of a clock change). */
export function venueInstant(date: string, time: string): Date {
  const [y, m, d] = parts(date);
  const [hh, mm] = hm(time);
  return new Date(new TZDate(y, m - 1, d, hh, mm, VENUE_TZ).getTime());
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
