import { describe, expect, it } from 'vitest';
import { retentionDefaults } from '../../../shared/retention';
import { days, keptRows, months } from './retention-text';

describe('retention text', () => {
  it('reads periods as a family would say them', () => {
    expect(months(72)).toBe('6 years');
    expect(months(24)).toBe('24 months');
    expect(months(30)).toBe('30 months');
    expect(months(1)).toBe('1 month');
    expect(days(1)).toBe('1 day');
    expect(days(90)).toBe('90 days');
  });

  it('states the periods it is given, not the defaults', () => {
    const text = keptRows({ ...retentionDefaults, platesDays: 45, enquiriesMonths: 18, bookingsMonths: 84 })
      .map((r) => r.howLong)
      .join('\n');
    expect(text).toContain('Number plates 45 days after your visit');
    expect(text).toContain('18 months after we were last in touch');
    expect(text).toContain('7 years, for the accounts');
    expect(text).not.toContain('30 days after your visit');
    expect(text).not.toMatch(/undefined|NaN/);
  });

  it('states no period at all before it knows them', () => {
    const rows = keptRows(null);
    expect(rows).toHaveLength(7);
    expect(rows.filter((r) => r.howLong !== null).map((r) => r.what)).toEqual([
      'Session credits and Play Time Rewards points',
    ]);
  });
});
