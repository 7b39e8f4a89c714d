import { describe, expect, it } from 'vitest';
import { isoToLondon, londonToIso } from './london-time';

describe("the event editor's London wall clock", () => {
  it('reads winter (GMT) and summer (BST) times as London shows them', () => {
    expect(londonToIso('2026-12-05', '10:30')).toBe('2026-12-05T10:30:00.000Z');
    expect(londonToIso('2026-07-01', '09:00')).toBe('2026-07-01T08:00:00.000Z');
    expect(isoToLondon('2026-07-01T08:00:00.000Z')).toEqual({ date: '2026-07-01', time: '09:00' });
  });

  it('refuses what is not a time London shows (the spring gap, nonsense)', () => {
    expect(londonToIso('2026-03-29', '01:30')).toBeNull();
    expect(londonToIso('2026-13-01', '10:00')).toBeNull();
    expect(londonToIso('', '10:00')).toBeNull();
  });
});
