import { describe, expect, it } from 'vitest';
import { isoDateSchema } from './booking';

describe('isoDateSchema', () => {
  it.each(['2026-11-22', '2024-02-29', '2000-02-29', '2026-12-31', '2026-01-01', '2099-12-31'])(
    'accepts %s',
    (date) => {
      expect(isoDateSchema.safeParse(date).success).toBe(true);
    },
  );

  it.each([
    '2025-02-29',
    '2100-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-01-32',
    '0000-01-01',
    '1999-12-31',
    '2026-1-01',
    '26-01-01',
    ' 2026-01-01',
    '',
  ])('refuses %j with the form message', (date) => {
    const result = isoDateSchema.safeParse(date);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please select a date');
  });
});
