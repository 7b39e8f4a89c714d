/**
 * The venue's dates, one rule each, for the server and the browser alike. A date is a yyyy-MM-dd string
 * (what the API speaks and the database stores): a day in the venue's calendar, not an instant.
 * Arithmetic on such dates is plain calendar arithmetic (Date.UTC, no clock, no time zone), and the only
 * place a time zone enters is turning an instant into the venue's day (todayInLondon).
 * No dependencies, and no Intl on the way (todayInLondon says why), so public pages pay only a few hundred bytes.
 *
 * Its neighbours, kept apart because each shared module is a browser chunk of its own and the public
 * pages load only what they use: ./date-text (how a date reads: "Saturday 5 December 2026"),
 * ./calendar-date (whether a string names a real day; loaded later, with the form schemas) and the
 * time zone, a venue fact (VENUE_TIME_ZONE in ./venue). ./time-ago words the age of an instant, not a date.
 */

import { VENUE_TIME_ZONE } from './venue';

/** Bookable dates: today through this many months ahead, inclusive (SPEC.md section 9). */
export const BOOKING_WINDOW_MONTHS = 1;

const DAY_MS = 86_400_000;

const ymdParts = (ymd: string) => ymd.split('-').map(Number) as [number, number, number];
/** Midnight UTC of a year, month (1-12) and day; Date.UTC carries an overflow (32 January is 1 February). */
const utcMs = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
const ymdOf = (y: number, m: number, d: number) => new Date(utcMs(y, m, d)).toISOString().slice(0, 10);
/** Day 0 of the next month is the last day of this one; any month number, so it also serves addMonths. */
const daysInMonth = (y: number, m: number) => new Date(utcMs(y, m + 1, 0)).getUTCDate();

// Created on first use, and only for instants outside the years the rule below covers.
let londonDayFormat: Intl.DateTimeFormat | undefined;

/** 01:00 UTC on the last Sunday of a month (1-12): when British Summer Time starts (March) or ends (October). */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = utcMs(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + 3_600_000;
}

/**
 * Today's date at the venue (yyyy-MM-dd) at the instant `now`, whatever the server's or the device's
 * own time zone: 23:30 UTC on a June evening is already tomorrow in London (BST).
 * London's clocks follow one rule since 1996 (the Summer Time Order 2002 keeps it): GMT+1 from 01:00 UTC
 * on the last Sunday of March to 01:00 UTC on the last Sunday of October. It is worked out here rather
 * than asked of Intl.DateTimeFormat because a page's first Intl object loads the browser's locale data:
 * 30-60 ms of main thread, and /party-booking asks for today as it starts (dates.test.ts checks the rule
 * against Intl hour by hour over those years). Outside them, or for another time zone, Intl answers:
 * British dd/mm/yyyy turned round, rather than en-CA's yyyy-mm-dd read as it is (en-CA's pattern has
 * changed between ICU versions before; dd/mm/yyyy is what en-GB has always written).
 */
export function todayInLondon(now: Date): string {
  const year = now.getUTCFullYear();
  if (VENUE_TIME_ZONE === 'Europe/London' && year >= 1996 && year <= 2037) {
    const t = now.getTime();
    const summer = t >= lastSundayOneAm(year, 3) && t < lastSundayOneAm(year, 10);
    return new Date(summer ? t + 3_600_000 : t).toISOString().slice(0, 10);
  }
  londonDayFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: VENUE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return londonDayFormat.format(now).split('/').reverse().join('-');
}

/**
 * The instant the venue's day `ymd` starts: 00:00 in London, which is 23:00 UTC the evening before in British
 * Summer Time (00:00 on 1 October 2026 is 23:00 UTC on 30 September). Clocks change at 01:00 UTC, so a day's
 * midnight is never inside the change: it is the UTC midnight or the hour before it, whichever is that day.
 */
export function startOfLondonDay(ymd: string): Date {
  const utcMidnight = utcMs(...ymdParts(ymd));
  const summer = new Date(utcMidnight - 3_600_000);
  return todayInLondon(summer) === ymd ? summer : new Date(utcMidnight);
}

/** The date n days after (or before, for negative n) `ymd`. */
export function addDays(ymd: string, n: number): string {
  const [y, m, d] = ymdParts(ymd);
  return ymdOf(y, m, d + n);
}

/** The same day n months later; a day the month lacks becomes its last day (31 January + 1 month = 28 February). */
export function addMonths(ymd: string, n: number): string {
  const [y, m, d] = ymdParts(ymd);
  return ymdOf(y, m + n, Math.min(d, daysInMonth(y, m + n)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((utcMs(...ymdParts(to)) - utcMs(...ymdParts(from))) / DAY_MS);

/** Every date from..to inclusive; empty when `to` is before `from`. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

/** 0 Sunday .. 6 Saturday. */
export const dayOfWeek = (ymd: string): number => new Date(utcMs(...ymdParts(ymd))).getUTCDay();

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
