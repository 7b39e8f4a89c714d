import { describe, expect, it } from 'vitest';
import {
  bookableRange,
  canCancelWithRefund,
  datesBetween,
  holdExpiry,
  isHoldExpired,
  isStillBookable,
  isWeekend,
  venueToday,
  visitStart,
} from './visit-time';

describe('venue dates in Europe/London', () => {
  it('takes today from the venue clock, not UTC', () => {
    // 23:30 UTC on 14 June is 00:30 BST on the 15th.
    expect(venueToday(new Date('2025-06-14T23:30:00Z'))).toBe('2025-06-15');
    // In winter London is on UTC.
    expect(venueToday(new Date('2025-12-14T23:30:00Z'))).toBe('2025-12-14');
  });

  it('books today through one month ahead', () => {
    expect(bookableRange(new Date('2025-01-31T10:00:00Z'))).toEqual({ from: '2025-01-31', to: '2025-02-28' });
    expect(bookableRange(new Date('2025-06-10T10:00:00Z'))).toEqual({ from: '2025-06-10', to: '2025-07-10' });
  });

  it('lists dates across the clock change without skipping or repeating a day', () => {
    expect(datesBetween('2025-10-25', '2025-10-28')).toEqual(['2025-10-25', '2025-10-26', '2025-10-27', '2025-10-28']);
    expect(datesBetween('2025-03-29', '2025-03-31')).toEqual(['2025-03-29', '2025-03-30', '2025-03-31']);
  });

  it('knows weekends', () => {
    expect(isWeekend('2025-10-25')).toBe(true); // Saturday
    expect(isWeekend('2025-10-26')).toBe(true); // Sunday
    expect(isWeekend('2025-10-27')).toBe(false);
  });

  it('starts a session at its local time in summer and in winter', () => {
    expect(visitStart('2025-07-01', 'morning').toISOString()).toBe('2025-07-01T08:30:00.000Z');
    expect(visitStart('2025-12-01', 'midday').toISOString()).toBe('2025-12-01T12:00:00.000Z');
    expect(visitStart('2025-12-01', null).toISOString()).toBe('2025-12-01T09:30:00.000Z');
  });

  it('stops selling a session at last entry, an hour before it ends', () => {
    expect(isStillBookable('2025-07-01', 'afternoon', new Date('2025-07-01T13:59:00Z'))).toBe(true); // 14:59 BST
    expect(isStillBookable('2025-07-01', 'afternoon', new Date('2025-07-01T14:01:00Z'))).toBe(false); // 15:01 BST
    expect(isStillBookable('2025-07-01', 'morning', new Date('2025-07-01T09:31:00Z'))).toBe(false); // 10:31 BST
  });
});

describe('24-hour cancellation rule across the October clock change', () => {
  // Clocks go back at 02:00 BST on Sunday 26 October 2025: that Sunday's 9:30 is 09:30 UTC,
  // and 24 real hours earlier is Saturday 10:30 BST (not 9:30, as wall-clock arithmetic would say).
  const visit = { date: '2025-10-26', session: 'morning' };

  it('refunds at 24 hours or more before the start, measured in real elapsed time', () => {
    expect(canCancelWithRefund(visit.date, visit.session, new Date('2025-10-25T09:30:00Z'))).toBe(true); // Sat 10:30 BST: exactly 24 h
    expect(canCancelWithRefund(visit.date, visit.session, new Date('2025-10-25T09:00:00Z'))).toBe(true); // Sat 10:00 BST: 24.5 h
  });

  it('refuses inside 24 hours even when the wall clock says a day has not passed', () => {
    // Sat 10:45 BST is 23h45m before Sun 09:30 GMT, although the wall clock shows 9:30 -> 10:45 next day.
    expect(canCancelWithRefund(visit.date, visit.session, new Date('2025-10-25T09:45:00Z'))).toBe(false);
    expect(canCancelWithRefund(visit.date, visit.session, new Date('2025-10-26T08:00:00Z'))).toBe(false);
  });

  it('handles the spring change (a 23-hour day) the same way', () => {
    // Sunday 30 March 2025 9:30 BST = 08:30 UTC; 24 h before is Saturday 08:30 GMT.
    expect(canCancelWithRefund('2025-03-30', 'morning', new Date('2025-03-29T08:30:00Z'))).toBe(true);
    expect(canCancelWithRefund('2025-03-30', 'morning', new Date('2025-03-29T09:00:00Z'))).toBe(false);
  });
});

describe('holds', () => {
  it('expire 15 minutes after they are placed', () => {
    const now = new Date('2025-07-01T10:00:00Z');
    const expiry = holdExpiry(now);
    expect(expiry.toISOString()).toBe('2025-07-01T10:15:00.000Z');
    expect(isHoldExpired(expiry, new Date('2025-07-01T10:14:59Z'))).toBe(false);
    expect(isHoldExpired(expiry, new Date('2025-07-01T10:15:00Z'))).toBe(true);
    expect(isHoldExpired(null, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
});
