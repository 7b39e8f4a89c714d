import { describe, expect, it } from 'vitest';
import { bookingDay, bookingDayAt } from './booking-day';

describe('bookingDay', () => {
  it("gives SPEC.md's badge and relative text for each distance", () => {
    expect(bookingDay('2026-06-14', '2026-06-14')).toEqual({
      kind: 'today',
      badge: "Today's Session",
      relative: 'Today',
    });
    expect(bookingDay('2026-06-15', '2026-06-14')).toEqual({
      kind: 'future',
      badge: 'Future Booking',
      relative: 'Tomorrow',
    });
    expect(bookingDay('2026-06-17', '2026-06-14')).toEqual({
      kind: 'future',
      badge: 'Future Booking',
      relative: 'In 3 days',
    });
    expect(bookingDay('2026-06-13', '2026-06-14')).toEqual({
      kind: 'past',
      badge: 'Past Booking',
      relative: 'Yesterday',
    });
    expect(bookingDay('2026-06-12', '2026-06-14')).toEqual({
      kind: 'past',
      badge: 'Past Booking',
      relative: '2 days ago',
    });
  });

  it('counts calendar days across month and year ends and a leap day', () => {
    expect(bookingDay('2027-01-01', '2026-12-31').relative).toBe('Tomorrow');
    expect(bookingDay('2028-03-01', '2028-02-28').relative).toBe('In 2 days'); // 29 February between
    expect(bookingDay('2025-06-14', '2026-06-14').relative).toBe('365 days ago');
  });
});

describe('bookingDayAt (the venue day, Europe/London)', () => {
  it('turns over at London midnight, not UTC midnight, in summer (BST)', () => {
    // 22:59:59 UTC on 14 June is 23:59:59 BST: the 15th is still tomorrow.
    expect(bookingDayAt('2026-06-15', new Date('2026-06-14T22:59:59Z')).relative).toBe('Tomorrow');
    // 23:00 UTC is midnight BST: the 15th is today, though UTC still says the 14th.
    expect(bookingDayAt('2026-06-15', new Date('2026-06-14T23:00:00Z'))).toMatchObject({
      kind: 'today',
      badge: "Today's Session",
    });
    expect(bookingDayAt('2026-06-14', new Date('2026-06-14T23:30:00Z')).relative).toBe('Yesterday');
  });

  it('turns over at UTC midnight in winter (GMT)', () => {
    expect(bookingDayAt('2026-12-15', new Date('2026-12-14T23:59:59Z')).relative).toBe('Tomorrow');
    expect(bookingDayAt('2026-12-15', new Date('2026-12-15T00:00:00Z')).relative).toBe('Today');
  });

  it('counts one day across the 23-hour spring day and the 25-hour autumn day', () => {
    // 29 March 2026: clocks go forward at 01:00 GMT, the day lasts 23 hours.
    expect(bookingDayAt('2026-03-30', new Date('2026-03-29T00:00:00Z')).relative).toBe('Tomorrow');
    expect(bookingDayAt('2026-03-30', new Date('2026-03-29T22:59:00Z')).relative).toBe('Tomorrow'); // 23:59 BST
    expect(bookingDayAt('2026-03-30', new Date('2026-03-29T23:00:00Z')).relative).toBe('Today'); // 00:00 BST
    // 25 October 2026: clocks go back at 02:00 BST, the day starts 23:00 UTC on the 24th and lasts 25 hours.
    expect(bookingDayAt('2026-10-25', new Date('2026-10-24T22:59:00Z')).relative).toBe('Tomorrow');
    expect(bookingDayAt('2026-10-25', new Date('2026-10-24T23:00:00Z')).relative).toBe('Today');
    expect(bookingDayAt('2026-10-25', new Date('2026-10-25T23:59:00Z')).relative).toBe('Today'); // 23:59 GMT
    expect(bookingDayAt('2026-10-25', new Date('2026-10-26T00:00:00Z')).relative).toBe('Yesterday');
    expect(bookingDayAt('2026-10-28', new Date('2026-10-25T01:30:00Z')).relative).toBe('In 3 days'); // in the repeated hour
  });
});
