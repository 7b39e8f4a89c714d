import { describe, expect, it } from 'vitest';
import { timeAgo } from '../../../shared/time-ago';
import { noticeBoardPosts } from './notice-board-posts';

describe('notice board posts', () => {
  const now = new Date('2026-03-14T12:00:00Z');
  const posts = noticeBoardPosts(now);

  it('are five, newest first, dated relative to now', () => {
    expect(posts).toHaveLength(5);
    expect(posts.map((p) => timeAgo(p.timestamp, now))).toEqual(['Just now', '5h ago', '1d ago', '3d ago', '7d ago']);
    const times = posts.map((p) => p.timestamp.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(posts.map((p) => p.id)).size).toBe(5);
  });

  it('quote the venue facts rather than typing them in', () => {
    const text = posts.map((p) => p.text).join('\n');
    expect(text).toContain('9:30am - 4:00pm daily, with 2-hour play sessions');
    expect(text).toContain('£13 per child');
    expect(text).toContain('£8 per child');
    expect(text).toContain('10 session credits for £75 and save £20');
    expect(text).not.toMatch(/undefined|NaN/);
  });
});
