import { addDays } from 'date-fns';
import { venueInstant, venueToday } from '../bookings/visit-time';

/** The venue's calendar date n days after `date` (yyyy-MM-dd); date arithmetic only, no clock. */
export function plusDays(date: string, n: number): string {
  return addDays(new Date(`${date}T12:00:00Z`), n)
    .toISOString()
    .slice(0, 10);
}

/** Monday of the week (Monday to Sunday) that holds `date`. */
export function mondayOf(date: string): string {
  const dow = new Date(`${date}T12:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
  return plusDays(date, -((dow + 6) % 7));
}

/**
 * "Today" and "this week" at the venue (Europe/London) as half-open instant ranges [from, to): a
 * day is 23 or 25 hours long on the days the clocks change, so the bounds come from local midnights.
 */
export function venuePeriods(now: Date) {
  const today = venueToday(now);
  const monday = mondayOf(today);
  const midnight = (date: string) => venueInstant(date, '00:00');
  return {
    today,
    day: { from: midnight(today), to: midnight(plusDays(today, 1)) },
    week: { from: midnight(monday), to: midnight(plusDays(monday, 7)) },
  };
}
