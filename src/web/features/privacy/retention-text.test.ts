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
    // A party is kept as a booking is, for the same configured period.
    expect(text).toContain('7 years, as bookings; then names, contact details and notes are removed');
    expect(text).not.toContain('30 days after your visit');
    expect(text).not.toMatch(/undefined|NaN/);
  });

  it('says parties are kept, what a party booking and its invitations hold, and when the invitations go', () => {
    const rows = keptRows({ ...retentionDefaults, bookingsMonths: 60, holdsDays: 14 });
    const party = rows.find((r) => r.what.startsWith('Party bookings'));
    expect(party?.what).toMatch(/child’s first name and age/);
    expect(party?.what).toMatch(/allergies/);
    expect(party?.howLong).toMatch(/^5 years, as bookings; /);
    const invitations = rows.find((r) => r.what.startsWith('Party invitations'));
    expect(invitations?.what).toMatch(/their child’s first name and any allergies/);
    expect(invitations?.howLong).toBe('7 days after the party, when the invitation links stop working; then deleted');
    const members = rows.find((r) => r.what.startsWith('Memberships: '));
    expect(members?.howLong).toBe(
      '5 years after it ends, for the accounts; then your e-mail address is removed and only the plan, amounts and dates stay',
    );
    const unpaid = rows.find((r) => r.what.includes('never paid'));
    expect(unpaid?.what).toContain('party bookings');
    expect(unpaid?.howLong).toMatch(/^14 days; /);
  });

  it('states no configured period before it knows them, only the fixed ones', () => {
    // The invitations' period is a fixed rule (INVITATION_DAYS_AFTER_PARTY), whatever the RETAIN_* settings say.
    const rows = keptRows(null);
    expect(rows).toHaveLength(13);
    expect(rows.filter((r) => r.howLong !== null).map((r) => r.what)).toEqual([
      expect.stringMatching(/^Party invitations: /),
      expect.stringMatching(/^Your family profile, /),
      expect.stringMatching(/^Waiting lists: /),
      'Session credits and Play Time Rewards points',
    ]);
    // The words around each unknown period are shown from the start: with the period they are the whole text.
    const known = keptRows({ ...retentionDefaults, platesDays: 45 });
    rows.forEach((row, i) => {
      if (row.howLong !== null) return;
      expect(row.after.length).toBeGreaterThan(0);
      expect(known[i]!.howLong!.startsWith(row.before)).toBe(true);
      expect(known[i]!.howLong!.endsWith(row.after)).toBe(true);
    });
    const plates = rows.find((r) => r.what.startsWith('Check-in'))!;
    expect([plates.before, plates.after]).toEqual([
      'Number plates ',
      ' after your visit; the visit itself as bookings',
    ]);
  });

  it('keeps gift vouchers for the accounts’ period after they expire, and says the waiting list goes after the day', () => {
    const rows = keptRows({ ...retentionDefaults, bookingsMonths: 84 });
    const vouchers = rows.find((r) => r.what.startsWith('Gift vouchers'));
    expect(vouchers?.what).toMatch(/recipient’s name and e-mail address, and the message/);
    expect(vouchers?.howLong).toMatch(/^7 years after the voucher expires, for the accounts; /);
    expect(rows.find((r) => r.what.startsWith('Waiting lists'))?.howLong).toMatch(/then deleted$/);
    expect(rows.find((r) => r.what.includes('never paid'))?.what).toContain('gift vouchers');
  });
});
