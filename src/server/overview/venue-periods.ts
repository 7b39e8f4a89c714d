import { addDays, mondayOf, todayInLondon } from '../../shared/dates';
import { venueInstant } from '../bookings/visit-time';

/**
 * "Today" and "this week" at the venue (Europe/London) as half-open instant ranges [from, to): a
 * day is 23 or 25 hours long on the days the clocks change, so the bounds come from local midnights.
 */
export function venuePeriods(now: Date) {
  const today = todayInLondon(now);
  const monday = mondayOf(today);
  const midnight = (date: string) => venueInstant(date, '00:00');
  return {
    today,
    day: { from: midnight(today), to: midnight(addDays(today, 1)) },
    week: { from: midnight(monday), to: midnight(addDays(monday, 7)) },
  };
}
