import { describe, expect, it } from 'vitest';
import { hoursByDay, sameHoursEveryDay } from './opening-hours';

const days = (...hours: string[]) => ({
  days: hours.map((h, i) => ({ days: ['Monday - Friday', 'Saturday', 'Sunday'][i]!, hours: h })),
});

describe('opening hours in words', () => {
  it('says the hours once when every day keeps them', () => {
    expect(sameHoursEveryDay(days('9:30am - 4:00pm', '9:30am - 4:00pm', '9:30am - 4:00pm'))).toBe('9:30am - 4:00pm');
  });

  it('lists the days when they differ', () => {
    const h = days('9:30am - 4:00pm', '10:00am - 5:00pm', 'Closed');
    expect(sameHoursEveryDay(h)).toBeNull();
    expect(hoursByDay(h)).toBe('Monday - Friday 9:30am - 4:00pm, Saturday 10:00am - 5:00pm, Sunday Closed');
  });
});
