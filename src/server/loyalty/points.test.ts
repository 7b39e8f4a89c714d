import { describe, expect, it } from 'vitest';
import { levelFor, levelProgressPercent, nextLevelFor } from '../../shared/contracts/loyalty';
import { isWeekend } from '../../shared/dates';
import { pointsForBooking } from './points';

// 2025-10-22 is a Wednesday; 2025-10-25 a Saturday; 2025-10-26 a Sunday.
const WEDNESDAY = '2025-10-22';
const SATURDAY = '2025-10-25';
const SUNDAY = '2025-10-26';

describe('points for a paid booking', () => {
  it('gives 1 point per whole pound, rounding pence down', () => {
    expect(pointsForBooking({ paidPence: 2100, visitDate: WEDNESDAY, totalPointsBefore: 0 })).toEqual({
      base: 21,
      bonus: 0,
      total: 21,
      tierName: 'Bronze',
    });
    expect(pointsForBooking({ paidPence: 2199, visitDate: WEDNESDAY, totalPointsBefore: 0 }).total).toBe(21);
    expect(pointsForBooking({ paidPence: 99, visitDate: WEDNESDAY, totalPointsBefore: 0 }).total).toBe(0);
    expect(pointsForBooking({ paidPence: 0, visitDate: SATURDAY, totalPointsBefore: 9999 }).total).toBe(0);
  });

  it('gives Silver 5% only on weekend visits, rounded down', () => {
    expect(pointsForBooking({ paidPence: 4000, visitDate: WEDNESDAY, totalPointsBefore: 500 })).toMatchObject({
      base: 40,
      bonus: 0,
      tierName: 'Silver',
    });
    expect(pointsForBooking({ paidPence: 4000, visitDate: SATURDAY, totalPointsBefore: 500 })).toMatchObject({
      base: 40,
      bonus: 2,
      total: 42,
    });
    expect(pointsForBooking({ paidPence: 3900, visitDate: SUNDAY, totalPointsBefore: 1999 })).toMatchObject({
      base: 39,
      bonus: 1,
      total: 40,
    }); // 1.95 -> 1
    expect(pointsForBooking({ paidPence: 1900, visitDate: SUNDAY, totalPointsBefore: 600 })).toMatchObject({
      bonus: 0,
      total: 19,
    }); // 0.95 -> 0
  });

  it('gives Gold 10% and Platinum 15% on every visit, rounded down', () => {
    expect(pointsForBooking({ paidPence: 2100, visitDate: WEDNESDAY, totalPointsBefore: 2000 })).toMatchObject({
      base: 21,
      bonus: 2,
      total: 23,
      tierName: 'Gold',
    });
    expect(pointsForBooking({ paidPence: 2100, visitDate: SATURDAY, totalPointsBefore: 4999 })).toMatchObject({
      bonus: 2,
      total: 23,
    });
    expect(pointsForBooking({ paidPence: 2100, visitDate: WEDNESDAY, totalPointsBefore: 5000 })).toMatchObject({
      base: 21,
      bonus: 3,
      total: 24,
      tierName: 'Platinum',
    }); // 3.15 -> 3
    expect(pointsForBooking({ paidPence: 1300, visitDate: SUNDAY, totalPointsBefore: 80_000 })).toMatchObject({
      bonus: 1,
      total: 14,
    }); // 1.95 -> 1
  });

  it('uses the tier held before the award, not the one it reaches', () => {
    // 499 points, then a £100 booking: still Bronze for this award.
    expect(pointsForBooking({ paidPence: 10_000, visitDate: SATURDAY, totalPointsBefore: 499 })).toMatchObject({
      bonus: 0,
      total: 100,
      tierName: 'Bronze',
    });
  });

  it('knows weekends from calendar dates', () => {
    expect([WEDNESDAY, SATURDAY, SUNDAY, '2025-10-27'].map(isWeekend)).toEqual([false, true, true, false]);
  });
});

describe('membership levels', () => {
  it('follows the thresholds 500, 2000 and 5000', () => {
    expect([0, 499, 500, 1999, 2000, 4999, 5000, 99_999].map((p) => levelFor(p).id)).toEqual([
      'bronze',
      'bronze',
      'silver',
      'silver',
      'gold',
      'gold',
      'platinum',
      'platinum',
    ]);
  });

  it('names the next level and the points to go, none at the top', () => {
    expect(nextLevelFor(120)).toEqual({ name: 'Silver', threshold: 500, pointsToGo: 380 });
    expect(nextLevelFor(500)).toEqual({ name: 'Gold', threshold: 2000, pointsToGo: 1500 });
    expect(nextLevelFor(5000)).toBeNull();
  });

  it('measures progress within the level band, full at platinum', () => {
    expect(levelProgressPercent(0)).toBe(0);
    expect(levelProgressPercent(250)).toBe(50);
    expect(levelProgressPercent(1250)).toBe(50); // silver band 500-2000
    expect(levelProgressPercent(4999)).toBe(99);
    expect(levelProgressPercent(6000)).toBe(100);
  });
});
