import { describe, expect, it } from 'vitest';
import { monthName } from './liability-text';

describe('liability month names', () => {
  it('reads a report month as staff say it', () => {
    expect(monthName('2025-10')).toBe('Oct 2025');
    expect(monthName('2026-01')).toBe('Jan 2026');
    expect(monthName('2026-12')).toBe('Dec 2026');
  });

  it('shows anything that is not a month as it came', () => {
    expect(monthName('2026-13')).toBe('2026-13');
    expect(monthName('soon')).toBe('soon');
  });
});
