import ICAL from 'ical.js';
import { isCalendarDate } from '../../shared/calendar-date';
import { addDays, todayInLondon } from '../../shared/dates';
import type { HolidayPeriod } from '../../shared/day-types';
import { AppError } from '../http/errors';

/**
 * A council's term dates as an iCalendar file (RFC 5545), parsed with ical.js (Mozilla's), into school
 * holiday periods. Councils publish the terms and the holidays between them as all-day events; an all-day
 * event's DTEND is the day after its last (exclusive), so "October half term" from 2026-10-26 with DTEND
 * 2026-10-31 is the holiday 2026-10-26 to 2026-10-30. Events that name a term ("Autumn term", "Spring term 2")
 * are when children are at school and are skipped; everything else (half terms, holidays, INSET days) is a
 * holiday. Events that overlap (a bank holiday inside the Easter holidays) are merged into one period.
 * A file that cannot be read is refused with the line it failed on, and nothing is written.
 */
export function holidaysFromIcs(text: string): HolidayPeriod[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const firstLine = lines.findIndex((l) => l.trim() !== '');
  if (firstLine === -1 || lines[firstLine]!.trim().toUpperCase() !== 'BEGIN:VCALENDAR')
    throw notICalendar(firstLine === -1 ? 1 : firstLine + 1, 'an iCalendar file starts with BEGIN:VCALENDAR');
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text));
  } catch (err) {
    throw notICalendar(lineOf(lines, err), (err as Error).message);
  }
  const periods: HolidayPeriod[] = [];
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    const name = (event.summary ?? '').trim() || 'School holiday';
    if (/\bterm\b/i.test(name) && !/half[\s-]*term/i.test(name)) continue;
    const start = event.startDate;
    if (!start) throw notICalendar(lineOfText(lines, 'DTSTART'), `the event "${name}" has no DTSTART`);
    const from = dayOf(start);
    const to = lastDayOf(start, event.endDate);
    if (!isCalendarDate(from) || !isCalendarDate(to) || to < from)
      throw notICalendar(lineOfText(lines, name), `the event "${name}" has dates that are not on the calendar`);
    periods.push({ from, to, name: name.slice(0, 80) });
  }
  if (periods.length === 0)
    throw new AppError('invalid_input', 'The file lists no school holidays: nothing was changed.', {
      fields: { file: ['No holidays found'] },
    });
  return mergeOverlapping(periods);
}

const pad = (n: number) => String(n).padStart(2, '0');
const wallDay = (t: ICAL.Time) => `${t.year}-${pad(t.month)}-${pad(t.day)}`;
/** A time fixed to an instant (UTC, `Z`, or a zone the file defines), not a date or a floating wall-clock time. */
const isInstant = (t: ICAL.Time) => !t.isDate && t.zone !== undefined && t.zone.tzid !== 'floating';

/**
 * The London date an event time falls on (DECISIONS.md "Memberships keep their money straight": dates are London
 * dates): `DTSTART:20261019T230000Z` is 00:00 BST on 20 October, not the 19th. A date, or a floating time, is
 * already the venue's own day.
 */
const dayOf = (t: ICAL.Time) => (isInstant(t) ? todayInLondon(t.toJSDate()) : wallDay(t));

/** Whether a time is the very start of its London day (00:00:00 there). */
function atMidnight(t: ICAL.Time): boolean {
  if (!isInstant(t)) return t.hour === 0 && t.minute === 0 && t.second === 0;
  const at = t.toJSDate();
  return todayInLondon(new Date(at.getTime() - 1)) !== todayInLondon(at);
}

/** The last day an event covers: an all-day DTEND (or one at midnight) is exclusive; a timed event ends on its end's day. */
function lastDayOf(start: ICAL.Time, end: ICAL.Time | null | undefined): string {
  if (!end) return dayOf(start);
  const day = end.isDate || atMidnight(end) ? addDays(dayOf(end), -1) : dayOf(end);
  return day < dayOf(start) ? dayOf(start) : day;
}

/** One period per run of overlapping ones, named after the first and longest (the Easter holiday, not its bank holiday). */
function mergeOverlapping(periods: HolidayPeriod[]): HolidayPeriod[] {
  const sorted = [...periods].sort((a, b) => a.from.localeCompare(b.from) || b.to.localeCompare(a.to));
  const merged: HolidayPeriod[] = [];
  for (const p of sorted) {
    const last = merged.at(-1);
    if (last && p.from <= last.to) {
      if (p.to > last.to) last.to = p.to;
    } else merged.push({ ...p });
  }
  return merged;
}

function notICalendar(line: number, why: string): AppError {
  return new AppError('invalid_input', `This is not a term dates file we can read (line ${line}: ${why}).`, {
    fields: { file: [`Line ${line}: ${why}`] },
  });
}

/** ical.js names the line it could not read in quotes; find it in the file (1-based), else line 1. */
function lineOf(lines: string[], err: unknown): number {
  const quoted = /"([^"]*)"\s*$/.exec(String((err as Error)?.message ?? ''))?.[1];
  return quoted ? lineOfText(lines, quoted) : 1;
}

function lineOfText(lines: string[], text: string): number {
  const at = lines.findIndex((l) => l.includes(text));
  return at === -1 ? 1 : at + 1;
}
