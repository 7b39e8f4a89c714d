import { addMonths, format, isWeekend, parseISO } from 'date-fns';

/**
 * Dates in the venue's day (Europe/London), as yyyy-MM-dd strings, the form the API speaks.
 * The calendar works with local Date objects at midnight; these helpers convert between the two.
 */
const londonDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const todayInLondon = (now = new Date()): string => londonDay.format(now);

/** yyyy-MM-dd to a local midnight Date (what react-day-picker compares against). */
export const isoToDate = (iso: string): Date => parseISO(iso);
export const dateToIso = (d: Date): string => format(d, 'yyyy-MM-dd');

/** Bookable window (SPEC.md section 9): today through one month ahead. */
export function bookableRange(now = new Date()): { from: string; to: string } {
  const from = todayInLondon(now);
  return { from, to: dateToIso(addMonths(isoToDate(from), 1)) };
}

export const isWeekendIso = (iso: string): boolean => isWeekend(isoToDate(iso));

/** "Saturday 14 June 2025": how a family reads a date. */
export const longDate = (iso: string): string => format(isoToDate(iso), 'EEEE d MMMM yyyy');
