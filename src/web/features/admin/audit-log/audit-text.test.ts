import { describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '../../../../shared/contracts/staff-accounts';
import { describeAction, detailText } from './audit-text';

const entry = (details: Record<string, unknown>) => ({ details }) as unknown as AuditEntryDto;

describe('audit entries in words', () => {
  it('names catalogue edits', () => {
    expect(describeAction('catalogue.price_set')).toBe('Set a ticket price');
    expect(describeAction('something_new')).toBe('something new');
  });

  it('shows what a catalogue edit changed, before and after, and not what it left alone', () => {
    const text = detailText(
      entry({
        before: { phone: '01632 960 123', email: 'a@example.com', version: 3 },
        after: { phone: '01632 960 999', email: 'a@example.com', version: 4 },
      }),
    );
    expect(text).toBe('phone: 01632 960 123 → 01632 960 999');
  });

  it('shows a new record whole and keeps plain details beside it', () => {
    expect(detailText(entry({ username: 'jo', after: { fromDate: '2026-12-01', pricePence: 1050 } }))).toBe(
      'account: jo · fromDate: 2026-12-01 · pricePence: 1050',
    );
  });
});
