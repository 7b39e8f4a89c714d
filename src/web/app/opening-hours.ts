import type { OpeningHoursView } from '../../shared/catalogue';

/**
 * The catalogue's opening hours in a sentence's words. The pages used to say "every day" outright; the
 * venue may now keep different hours on some days, so "every day" is said only when it is true.
 */

/** "9:30am - 4:00pm" when every listed day keeps the same hours, otherwise null. */
export function sameHoursEveryDay(hours: Pick<OpeningHoursView, 'days'>): string | null {
  const distinct = new Set(hours.days.map((d) => d.hours));
  return distinct.size === 1 ? hours.days[0]!.hours : null;
}

/** "Monday - Friday 9:30am - 4:00pm, Saturday 10:00am - 5:00pm". */
export const hoursByDay = (hours: Pick<OpeningHoursView, 'days'>): string =>
  hours.days.map((d) => `${d.days} ${d.hours}`).join(', ');
