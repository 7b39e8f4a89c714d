import { format, parseISO } from 'date-fns';

/**
 * The booking calendar (react-day-picker) works with local Date objects at midnight; the API speaks
 * yyyy-MM-dd venue dates. These two convert between them. Every rule about the dates themselves (today
 * in London, the bookable range, weekends, how a date reads) is in src/shared/dates.ts.
 */

/** yyyy-MM-dd to a local midnight Date (what react-day-picker compares against). */
export const isoToDate = (iso: string): Date => parseISO(iso);
export const dateToIso = (d: Date): string => format(d, 'yyyy-MM-dd');
