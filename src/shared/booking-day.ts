import { daysBetween, todayInLondon } from './dates';

/**
 * How far a booking's visit date is from the venue's today, in SPEC.md section 4's words: the day badge
 * ("Today's Session", "Future Booking", "Past Booking") and the relative-day text ("Today", "Tomorrow",
 * "In N days", "Yesterday", "N days ago"). Both count calendar days at the venue (Europe/London), not
 * 24-hour periods: a visit tomorrow is "Tomorrow" at 23:59 tonight and at 00:01, and a day of 23 or 25
 * hours (the clock changes) is still one day.
 */
export type BookingDayKind = 'today' | 'future' | 'past';

export const bookingDayBadges: Record<BookingDayKind, string> = {
  today: "Today's Session",
  future: 'Future Booking',
  past: 'Past Booking',
};

export type BookingDay = { kind: BookingDayKind; badge: string; relative: string };

/** The visit date (yyyy-MM-dd) seen from `today` (yyyy-MM-dd, the venue's date). */
export function bookingDay(visitDate: string, today: string): BookingDay {
  const n = daysBetween(today, visitDate);
  const kind: BookingDayKind = n === 0 ? 'today' : n > 0 ? 'future' : 'past';
  const relative =
    n === 0 ? 'Today' : n === 1 ? 'Tomorrow' : n === -1 ? 'Yesterday' : n > 0 ? `In ${n} days` : `${-n} days ago`;
  return { kind, badge: bookingDayBadges[kind], relative };
}

/** The same, seen at the instant `now` (the venue's date at that instant is today). */
export const bookingDayAt = (visitDate: string, now: Date): BookingDay => bookingDay(visitDate, todayInLondon(now));
