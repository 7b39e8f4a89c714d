import { describe, expect, it } from 'vitest';
import { formatDayAndTime, formatMinutes, formatTime, plural } from './format';

describe('staff dashboard formatting', () => {
  it('shows venue (London) time in summer and winter, whatever the device zone', () => {
    expect(formatTime('2025-10-22T08:31:00Z')).toBe('9:31 AM'); // BST
    expect(formatTime('2025-11-22T13:05:00Z')).toBe('1:05 PM'); // GMT
    expect(formatDayAndTime('2025-10-21T23:30:00Z')).toBe('22 Oct 2025, 12:30 AM');
  });

  it('writes durations and counts as staff read them', () => {
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(-10)).toBe('10 min');
    expect(plural(1, 'child', 'children')).toBe('1 child');
    expect(plural(3, 'child', 'children')).toBe('3 children');
    expect(plural(0, 'adult')).toBe('0 adults');
  });
});
