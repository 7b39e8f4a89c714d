import { dayOfWeek } from './dates';

/**
 * How a venue date (yyyy-MM-dd) reads, in every mail, page and staff screen. Kept apart from ./dates so
 * the public pages that only need today's date and the bookable range (the party page) do not also load
 * the month and weekday names: each shared module is its own browser chunk.
 */

const monthAndDay = (ymd: string) => [Number(ymd.slice(5, 7)), Number(ymd.slice(8, 10))] as const;

// Names written out rather than asked of Intl: ICU versions disagree on the punctuation of the joined
// pattern ("Saturday, 14 June 2025" from the ICU in Node 20 here, "Saturday 14 June 2025" from
// older ones and from date-fns), so mails, pages and the staff screens once wrote the same date two ways. English only.
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Saturday 14 June": the weekday, day and month, as a family says a date this year. */
export function longDayMonth(ymd: string): string {
  const [m, d] = monthAndDay(ymd);
  return `${WEEKDAYS[dayOfWeek(ymd)]} ${d} ${MONTHS[m - 1]}`;
}

/** "Saturday 14 June 2025": every long date the venue writes (mails, cancel page, booking pages, staff screens). */
export const longDate = (ymd: string): string => `${longDayMonth(ymd)} ${ymd.slice(0, 4)}`;

/** "Sat 14 Jun": where space is short (staff lists of dates). */
export function shortDayMonth(ymd: string): string {
  const [m, d] = monthAndDay(ymd);
  return `${WEEKDAYS[dayOfWeek(ymd)]!.slice(0, 3)} ${d} ${MONTHS[m - 1]!.slice(0, 3)}`;
}

/** "Sat, 14 Jun 2025": the loyalty history's visit dates (its stored lines have always had the comma). */
export const shortDate = (ymd: string): string => `${shortDayMonth(ymd).replace(' ', ', ')} ${ymd.slice(0, 4)}`;

/** "June 2025": a calendar's month (yyyy-MM, or any date in it). */
export const monthYear = (ym: string): string => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;
