import { describe, expect, it } from 'vitest';
import type { NoticePost } from '../../../shared/catalogue';
import { bodyParts, newestPostId, noticeBoardOrder, openingLine, postAge } from './notice-board-posts';

const post = (id: string, publishFrom: string, pinned = false): NoticePost => ({
  id,
  title: id,
  body: '',
  publishFrom,
  expiresOn: null,
  pinned,
});

describe('notice board order', () => {
  const posts = [post('old', '2026-03-01'), post('pinned-old', '2026-02-01', true), post('new', '2026-03-14')];

  it('puts pinned posts first, then the newest', () => {
    expect(noticeBoardOrder(posts).map((p) => p.id)).toEqual(['pinned-old', 'new', 'old']);
    expect(posts.map((p) => p.id)).toEqual(['old', 'pinned-old', 'new']);
  });

  it('flags the latest published post as New, pinned or not; none on an empty board', () => {
    expect(newestPostId(noticeBoardOrder(posts))).toBe('new');
    expect(newestPostId([post('a', '2026-03-14', true), post('b', '2026-03-14')])).toBe('a');
    expect(newestPostId([])).toBeNull();
  });
});

describe('post age', () => {
  it('reads by day, never by an hour it does not know', () => {
    expect(postAge('2026-03-14', '2026-03-14')).toBe('Today');
    expect(postAge('2026-03-13', '2026-03-14')).toBe('1d ago');
    expect(postAge('2026-03-07', '2026-03-14')).toBe('7d ago');
    expect(postAge('2026-03-29', '2026-04-01')).toBe('3d ago'); // across the clocks going forward
    // A browser a day behind the catalogue's day: not "-1d ago".
    expect(postAge('2026-03-15', '2026-03-14')).toBe('Today');
  });
});

describe('post body', () => {
  it('is text, with http(s) addresses as links and line breaks kept', () => {
    expect(bodyParts('Open late!\nSee https://example.org/news?a=1&b=2 for more.')).toEqual([
      { kind: 'text', text: 'Open late!\nSee ' },
      { kind: 'link', text: 'https://example.org/news?a=1&b=2', href: 'https://example.org/news?a=1&b=2' },
      { kind: 'text', text: ' for more.' },
    ]);
  });

  it('leaves the punctuation after an address in the text, but keeps brackets the address opened', () => {
    expect(bodyParts('(see http://example.org/a).')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'http://example.org/a', href: 'http://example.org/a' },
      { kind: 'text', text: ').' },
    ]);
    expect(bodyParts('https://en.wikipedia.org/wiki/Barn_(building), a barn')[0]).toEqual({
      kind: 'link',
      text: 'https://en.wikipedia.org/wiki/Barn_(building)',
      href: 'https://en.wikipedia.org/wiki/Barn_(building)',
    });
  });

  it('never links anything but http(s), and keeps markup as plain text', () => {
    const body = '<a href="javascript:alert(1)">x</a> javascript:alert(1) ftp://example.org <b>bold</b> https://';
    expect(bodyParts(body)).toEqual([{ kind: 'text', text: body }]);
    expect(bodyParts('')).toEqual([]);
  });

  it('links two addresses in a row', () => {
    expect(bodyParts('https://a.example https://b.example').map((p) => p.kind)).toEqual(['link', 'text', 'link']);
  });
});

describe('opening line', () => {
  const hours = {
    days: [
      { days: 'Monday - Friday', hours: '9:30am - 4:00pm' },
      { days: 'Saturday - Sunday', hours: '9:30am - 4:00pm' },
    ],
    lastEntryLabel: '3:00pm',
  };
  const twoHours = [
    { start: '09:30', end: '11:30' },
    { start: '12:00', end: '14:00' },
  ];

  it('quotes the catalogue hours and session length', () => {
    expect(openingLine(hours, twoHours)).toBe('Open 9:30am - 4:00pm daily · 2-hour play sessions · last entry 3:00pm');
  });

  it('claims neither one set of hours nor one session length the catalogue does not have', () => {
    const varied = { ...hours, days: [...hours.days.slice(0, 1), { days: 'Sunday', hours: '10:00am - 4:00pm' }] };
    const mixed = [...twoHours, { start: '14:00', end: '15:30' }];
    expect(openingLine(varied, mixed)).toBe('Open seven days a week · timed play sessions · last entry 3:00pm');
    expect(openingLine(hours, [])).toBe('Open 9:30am - 4:00pm daily · timed play sessions · last entry 3:00pm');
  });
});
