import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  bookableRange,
  datesBetween,
  daysBetween,
  isWeekend,
  isWithinBookableRange,
  mondayOf,
  startOfLondonDay,
  todayInLondon,
} from './dates';
import { isCalendarDate } from './calendar-date';
import { longDate, longDayMonth, monthYear, shortDate, shortDayMonth } from './date-text';

describe('todayInLondon', () => {
  it("agrees with Intl's Europe/London every hour from 1996 to 2037, and outside them", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const intlDay = (d: Date) => intl.format(d).split('/').reverse().join('-');
    const differ: string[] = [];
    // Each hour at :59:59 and :00:00, either side of every UTC hour where a London day could start.
    for (let t = Date.UTC(1995, 11, 31); t < Date.UTC(2039, 0, 2); t += 3_600_000) {
      for (const at of [new Date(t - 1000), new Date(t)])
        if (todayInLondon(at) !== intlDay(at)) differ.push(at.toISOString());
    }
    expect(differ).toEqual([]);
  });

  it('is the London date, not the UTC one, late in a summer evening (BST)', () => {
    expect(todayInLondon(new Date('2025-06-14T22:59:59Z'))).toBe('2025-06-14'); // 23:59:59 BST
    expect(todayInLondon(new Date('2025-06-14T23:00:00Z'))).toBe('2025-06-15'); // 00:00 BST
    expect(todayInLondon(new Date('2025-06-14T23:30:00Z'))).toBe('2025-06-15');
  });

  it('is the UTC date in winter (GMT)', () => {
    expect(todayInLondon(new Date('2025-12-14T23:30:00Z'))).toBe('2025-12-14');
    expect(todayInLondon(new Date('2025-12-15T00:00:00Z'))).toBe('2025-12-15');
  });

  it('changes day at local midnight around the March clock change (last Sunday of March)', () => {
    // 30 March 2025: clocks go forward at 01:00 GMT. The day before ends at 00:00 GMT, the day itself at 23:00 UTC.
    expect(todayInLondon(new Date('2025-03-29T23:59:00Z'))).toBe('2025-03-29');
    expect(todayInLondon(new Date('2025-03-30T00:00:00Z'))).toBe('2025-03-30');
    expect(todayInLondon(new Date('2025-03-30T01:30:00Z'))).toBe('2025-03-30'); // 02:30 BST
    expect(todayInLondon(new Date('2025-03-30T22:59:00Z'))).toBe('2025-03-30');
    expect(todayInLondon(new Date('2025-03-30T23:00:00Z'))).toBe('2025-03-31');
  });

  it('changes day at local midnight around the October clock change (last Sunday of October)', () => {
    // 26 October 2025: clocks go back at 02:00 BST. That day starts at 23:00 UTC the day before and lasts 25 hours.
    expect(todayInLondon(new Date('2025-10-25T22:59:00Z'))).toBe('2025-10-25');
    expect(todayInLondon(new Date('2025-10-25T23:00:00Z'))).toBe('2025-10-26');
    expect(todayInLondon(new Date('2025-10-26T00:30:00Z'))).toBe('2025-10-26'); // 01:30 BST
    expect(todayInLondon(new Date('2025-10-26T01:30:00Z'))).toBe('2025-10-26'); // 01:30 GMT, the second time
    expect(todayInLondon(new Date('2025-10-26T23:59:00Z'))).toBe('2025-10-26');
    expect(todayInLondon(new Date('2025-10-27T00:00:00Z'))).toBe('2025-10-27');
  });

  it('rolls over month and year ends in London time', () => {
    expect(todayInLondon(new Date('2025-07-31T23:15:00Z'))).toBe('2025-08-01');
    expect(todayInLondon(new Date('2025-12-31T23:59:59Z'))).toBe('2025-12-31');
    expect(todayInLondon(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across month ends, year ends and clock changes', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2025-03-29', 1)).toBe('2025-03-30');
    expect(addDays('2025-03-30', 1)).toBe('2025-03-31');
    expect(addDays('2025-10-26', 1)).toBe('2025-10-27');
    expect(addDays('2025-10-20', 0)).toBe('2025-10-20');
    expect(addDays('2025-10-20', 2 * 366)).toBe('2027-10-22');
  });

  it('knows leap years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2100-02-29')).toBe(false);
    expect(isCalendarDate('2025-04-31')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-12-00')).toBe(false);
  });

  it('adds months, clamping to the last day of a shorter month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', 1)).toBe('2025-04-30');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonths('2025-06-10', 1)).toBe('2025-07-10');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28'); // the party window's last day, asked on a leap day
  });

  it('counts and lists days', () => {
    expect(datesBetween('2025-10-25', '2025-10-28')).toEqual(['2025-10-25', '2025-10-26', '2025-10-27', '2025-10-28']);
    expect(datesBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(datesBetween('2025-10-28', '2025-10-25')).toEqual([]);
    expect(daysBetween('2025-10-25', '2025-10-28')).toBe(3);
    expect(daysBetween('2025-03-01', '2025-02-28')).toBe(-1);
  });

  it('knows weekends and the Monday of a week', () => {
    expect(['2025-10-24', '2025-10-25', '2025-10-26', '2025-10-27'].map(isWeekend)).toEqual([false, true, true, false]);
    expect(mondayOf('2025-10-26')).toBe('2025-10-20'); // Sunday: the week began six days before
    expect(mondayOf('2025-10-27')).toBe('2025-10-27');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29');
  });
});

describe('bookableRange (server validation and the booking calendar)', () => {
  it('runs from today in London through one month ahead', () => {
    expect(bookableRange(new Date('2025-06-10T10:00:00Z'))).toEqual({ from: '2025-06-10', to: '2025-07-10' });
    expect(bookableRange(new Date('2025-01-31T10:00:00Z'))).toEqual({ from: '2025-01-31', to: '2025-02-28' });
    expect(bookableRange(new Date('2024-01-31T10:00:00Z'))).toEqual({ from: '2024-01-31', to: '2024-02-29' });
  });

  it('starts from the London date late in the evening', () => {
    expect(bookableRange(new Date('2025-06-30T23:30:00Z'))).toEqual({ from: '2025-07-01', to: '2025-08-01' });
    expect(isWithinBookableRange('2025-06-30', new Date('2025-06-30T23:30:00Z'))).toBe(false);
    expect(isWithinBookableRange('2025-08-01', new Date('2025-06-30T23:30:00Z'))).toBe(true);
    expect(isWithinBookableRange('2025-08-02', new Date('2025-06-30T23:30:00Z'))).toBe(false);
  });
});

describe('long dates', () => {
  // The one format of booking mails, the cancel page and party mails (each pinned by its own server test:
  // booking-lifecycle.test.ts, party-inquiry.test.ts), the booking page and the staff screens.
  it('reads as a family says a date, with no comma after the weekday', () => {
    expect(longDate('2026-12-05')).toBe('Saturday 5 December 2026');
    expect(longDate('2025-06-14')).toBe('Saturday 14 June 2025');
    expect(longDate('2024-02-29')).toBe('Thursday 29 February 2024');
    expect(longDate('2025-03-30')).toBe('Sunday 30 March 2025');
    expect(longDate('2025-10-26')).toBe('Sunday 26 October 2025');
    expect(longDayMonth('2025-10-21')).toBe('Tuesday 21 October');
    expect(monthYear('2025-10')).toBe('October 2025');
    expect(monthYear('2026-01-31')).toBe('January 2026');
    expect(shortDayMonth('2025-10-21')).toBe('Tue 21 Oct');
    expect(shortDate('2025-10-22')).toBe('Wed, 22 Oct 2025');
  });
});

describe('startOfLondonDay', () => {
  it('is 00:00 in London: 23:00 UTC the evening before in summer, midnight UTC in winter and on the change days', () => {
    expect(startOfLondonDay('2026-10-01').toISOString()).toBe('2026-09-30T23:00:00.000Z');
    expect(startOfLondonDay('2026-11-01').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    // The clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October.
    expect(startOfLondonDay('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfLondonDay('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfLondonDay('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(startOfLondonDay('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });
});
