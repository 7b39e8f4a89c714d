/**
 * The venue's dates, one rule each, for the server and the browser alike. A date is a yyyy-MM-dd string
 * (what the API speaks and the database stores): a day in the venue's calendar, not an instant.
 * Arithmetic on such dates is plain calendar arithmetic (Date.UTC, no clock, no time zone), and the only
 * place a time zone enters is turning an instant into the venue's day (todayInLondon).
 * No dependencies, so public pages pay only for the few bytes of what they use.
 */

/** The venue's day, not the server's or the visitor's (ARCHITECTURE.md): every date rule is in Europe/London. */
export const VENUE_TIME_ZONE = 'Europe/London';

/** Bookable dates: today through this many months ahead, inclusive (SPEC.md section 9). */
export const BOOKING_WINDOW_MONTHS = 1;

const DAY_MS = 86_400_000;

const ymdParts = (ymd: string): [number, number, number] => [
  Number(ymd.slice(0, 4)),
  Number(ymd.slice(5, 7)),
  Number(ymd.slice(8, 10)),
];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const ymdOf = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
/** Midnight UTC of a date: a fixed point to count whole days from (UTC has no clock changes). */
const utcMs = (ymd: string) => {
  const [y, m, d] = ymdParts(ymd);
  return Date.UTC(y, m - 1, d);
};
const ymdOfUtcMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number): number | undefined =>
  [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

/** Whether yyyy-MM-dd names a day that exists (no 30 February). Arithmetic: cheaper than two Date round trips per date parsed. */
export function isCalendarDate(ymd: string): boolean {
  const [y, m, d] = ymdParts(ymd);
  const days = daysInMonth(y, m);
  return days !== undefined && d >= 1 && d <= days;
}

// Created on first use: a formatter built at module load would cost every page that imports this file.
let londonDayFormat: Intl.DateTimeFormat | undefined;

/**
 * Today's date at the venue (yyyy-MM-dd) at the instant `now`, whatever the server's or the device's
 * own time zone: 23:30 UTC on a June evening is already tomorrow in London (BST).
 * Read from formatToParts, not from a locale's whole pattern (en-CA's yyyy-MM-dd has changed between
 * ICU versions before).
 */
export function todayInLondon(now: Date): string {
  londonDayFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: VENUE_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = londonDayFormat.formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return ymdOf(part('year'), part('month'), part('day'));
}

/** The date n days after (or before, for negative n) `ymd`. */
export function addDays(ymd: string, n: number): string {
  return ymdOfUtcMs(utcMs(ymd) + n * DAY_MS);
}

/** The same day n months later; a day the month lacks becomes its last day (31 January + 1 month = 28 February). */
export function addMonths(ymd: string, n: number): string {
  const [y, m, d] = ymdParts(ymd);
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return ymdOf(year, month, Math.min(d, daysInMonth(year, month)!));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((utcMs(to) - utcMs(from)) / DAY_MS);

/** Every date from..to inclusive; empty when `to` is before `from`. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

/** 0 Sunday .. 6 Saturday. */
export const dayOfWeek = (ymd: string): number => new Date(utcMs(ymd)).getUTCDay();

/** Saturday or Sunday. */
export function isWeekend(ymd: string): boolean {
  const dow = dayOfWeek(ymd);
  return dow === 0 || dow === 6;
}

/** Monday of the week (Monday to Sunday) that holds `ymd`. */
export const mondayOf = (ymd: string): string => addDays(ymd, -((dayOfWeek(ymd) + 6) % 7));

/** The first and last bookable date at `now`: today through one month ahead, inclusive. */
export function bookableRange(now: Date): { from: string; to: string } {
  const from = todayInLondon(now);
  return { from, to: addMonths(from, BOOKING_WINDOW_MONTHS) };
}

export function isWithinBookableRange(ymd: string, now: Date): boolean {
  const { from, to } = bookableRange(now);
  return ymd >= from && ymd <= to;
}

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
  const [, m, d] = ymdParts(ymd);
  return `${WEEKDAYS[dayOfWeek(ymd)]} ${d} ${MONTHS[m - 1]}`;
}

/** "Saturday 14 June 2025": every long date the venue writes (mails, cancel page, booking pages, staff screens). */
export const longDate = (ymd: string): string => `${longDayMonth(ymd)} ${ymd.slice(0, 4)}`;

/** "Sat 14 Jun": where space is short (staff lists of dates). */
export function shortDayMonth(ymd: string): string {
  const [, m, d] = ymdParts(ymd);
  return `${WEEKDAYS[dayOfWeek(ymd)]!.slice(0, 3)} ${d} ${MONTHS[m - 1]!.slice(0, 3)}`;
}

/** "Sat, 14 Jun 2025": the loyalty history's visit dates (its stored lines have always had the comma). */
export const shortDate = (ymd: string): string => `${shortDayMonth(ymd).replace(' ', ', ')} ${ymd.slice(0, 4)}`;
