import { describe, expect, it } from 'vitest';
import { seedSessions, seedVenueDocument } from '../catalogue/seed-data';
import {
  canCancelWithRefund,
  holdExpiry,
  isHoldExpired,
  isStillBookable,
  visitStart,
  type VisitClock,
} from './visit-time';

/** The seeded catalogue's hours: sessions 9:30-11:30, 12:00-14:00, 14:00-16:00; open 9:30-16:00, last entry 15:00. */
const clock: VisitClock = { sessions: seedSessions, openingHours: seedVenueDocument.openingHours };

// Calendar dates, today and the bookable range are the shared rules of src/shared/dates.test.ts.
describe('visit times in Europe/London', () => {
  it('starts a session at its local time in summer and in winter', () => {
    expect(visitStart('2025-07-01', 'morning', clock).toISOString()).toBe('2025-07-01T08:30:00.000Z');
    expect(visitStart('2025-12-01', 'midday', clock).toISOString()).toBe('2025-12-01T12:00:00.000Z');
    expect(visitStart('2025-12-01', null, clock).toISOString()).toBe('2025-12-01T09:30:00.000Z');
  });

  it('stops selling a session at last entry, an hour before it ends', () => {
    expect(isStillBookable('2025-07-01', 'afternoon', new Date('2025-07-01T13:59:00Z'), clock)).toBe(true); // 14:59 BST
    expect(isStillBookable('2025-07-01', 'afternoon', new Date('2025-07-01T14:01:00Z'), clock)).toBe(false); // 15:01 BST
    expect(isStillBookable('2025-07-01', 'morning', new Date('2025-07-01T09:31:00Z'), clock)).toBe(false); // 10:31 BST
  });

  it('follows the catalogue: an edited session or last entry counts from the next call', () => {
    const edited: VisitClock = {
      sessions: clock.sessions.map((s) => (s.id === 'morning' ? { ...s, start: '10:00', end: '12:00' } : s)),
      openingHours: { ...clock.openingHours, lastEntry: '15:30' },
    };
    expect(visitStart('2025-07-01', 'morning', edited).toISOString()).toBe('2025-07-01T09:00:00.000Z');
    // Last entry half an hour before closing: each session sells until half an hour before it ends.
    expect(isStillBookable('2025-07-01', 'afternoon', new Date('2025-07-01T14:29:00Z'), edited)).toBe(true);
    expect(isStillBookable('2025-07-01', 'afternoon', new Date('2025-07-01T14:31:00Z'), edited)).toBe(false);
    expect(isStillBookable('2025-07-01', null, new Date('2025-07-01T14:29:00Z'), edited)).toBe(true);
    expect(() => visitStart('2025-07-01', 'evening', edited)).toThrow('unknown session evening');
  });
});

describe('24-hour cancellation rule across the October clock change', () => {
  // Clocks go back at 02:00 BST on Sunday 26 October 2025: that Sunday's 9:30 is 09:30 UTC,
  // and 24 real hours earlier is Saturday 10:30 BST (not 9:30, as wall-clock arithmetic would say).
  const visit = { date: '2025-10-26', session: 'morning' };

  it('refunds at 24 hours or more before the start, measured in real elapsed time', () => {
    expect(canCancelWithRefund(visit.date, visit.session, new Date('2025-10-25T09:30:00Z'), clock)).toBe(true); // Sat 10:30 BST: exactly 24 h
    expect(canCancelWithRefund(visit.date, visit.session, new Date('2025-10-25T09:00:00Z'), clock)).toBe(true); // Sat 10:00 BST: 24.5 h
  });

  it('refuses inside 24 hours even when the wall clock says a day has not passed', () => {
    // Sat 10:45 BST is 23h45m before Sun 09:30 GMT, although the wall clock shows 9:30 -> 10:45 next day.
    expect(canCancelWithRefund(visit.date, visit.session, new Date('2025-10-25T09:45:00Z'), clock)).toBe(false);
    expect(canCancelWithRefund(visit.date, visit.session, new Date('2025-10-26T08:00:00Z'), clock)).toBe(false);
  });

  it('handles the spring change (a 23-hour day) the same way', () => {
    // Sunday 30 March 2025 9:30 BST = 08:30 UTC; 24 h before is Saturday 08:30 GMT.
    expect(canCancelWithRefund('2025-03-30', 'morning', new Date('2025-03-29T08:30:00Z'), clock)).toBe(true);
    expect(canCancelWithRefund('2025-03-30', 'morning', new Date('2025-03-29T09:00:00Z'), clock)).toBe(false);
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
