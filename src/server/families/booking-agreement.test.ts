import { describe, expect, it } from 'vitest';
import { ageOn } from './booking-agreement';

describe('a child’s age on the visit date (issue 39)', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2019-03-04', '2025-10-20')).toBe(6);
    expect(ageOn('2019-10-20', '2025-10-20')).toBe(6);
    expect(ageOn('2019-10-21', '2025-10-20')).toBe(5);
    expect(ageOn('2025-10-01', '2025-10-20')).toBe(0);
    expect(ageOn('2020-02-29', '2025-02-28')).toBe(4);
    expect(ageOn('2020-02-29', '2025-03-01')).toBe(5);
  });
});
