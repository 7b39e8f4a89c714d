import { describe, expect, it } from 'vitest';
import { backupCardText, formatAge, formatBytes } from './backup-card-text';

describe('the "Last backup" card text', () => {
  const now = new Date('2026-03-14T09:00:00Z');
  it('says how old and how big', () => {
    expect(formatAge('2026-03-14T08:59:40Z', now)).toBe('just now');
    expect(formatAge('2026-03-14T08:59:00Z', now)).toBe('1 minute ago');
    expect(formatAge('2026-03-14T02:00:00Z', now)).toBe('7 hours ago');
    expect(formatAge('2026-03-12T08:00:00Z', now)).toBe('2 days ago');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(812_000)).toBe('812 KB');
    expect(formatBytes(4_230_000)).toBe('4.2 MB');
    expect(formatBytes(1_200_000_000)).toBe('1.2 GB');
  });
  it('says "Overdue" in words, and a failed attempt with its error when given', () => {
    const ok = backupCardText(
      { last: { at: '2026-03-14T02:01:00Z', bytes: 4_230_000, kind: 'nightly' }, overdue: false, failed: null },
      now,
    );
    expect(ok).toMatchObject({ value: '6 hours ago · 4.2 MB', overdue: null, failed: null });
    const none = backupCardText(
      { last: null, overdue: true, failed: { at: '2026-03-14T02:12:00Z', attempts: 3, error: 'disk full' } },
      now,
    );
    expect(none.value).toBe('No backup yet');
    expect(none.overdue).toMatch(/^Overdue/);
    expect(none.failed).toMatch(/failed .*attempt 3.*: disk full$/);
  });
});
