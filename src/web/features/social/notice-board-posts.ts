import type { NoticePost, OpeningHoursView, SessionView } from '../../../shared/catalogue';
import { daysBetween } from '../../../shared/dates';
import { sameHoursEveryDay } from '../../app/opening-hours';

/**
 * The notice board's rules. The posts are the venue's own (the catalogue's notice posts, written by
 * staff): plain text whose line breaks and web addresses are shown as such, never read as HTML.
 */

/**
 * Pinned posts first, then the newest (by publishFrom); posts of one kind and day keep their order.
 * yyyy-MM-dd dates compare as plain strings (localeCompare would load the browser's locale data as the page starts).
 */
export function noticeBoardOrder(posts: readonly NoticePost[]): NoticePost[] {
  const newestFirst = (a: NoticePost, b: NoticePost) =>
    a.publishFrom < b.publishFrom ? 1 : a.publishFrom > b.publishFrom ? -1 : 0;
  return [...posts].sort((a, b) => Number(b.pinned) - Number(a.pinned) || newestFirst(a, b));
}

/** The post flagged New: the latest published (the first listed of a day), pinned or not; null with none. */
export function newestPostId(posts: readonly NoticePost[]): string | null {
  let newest: NoticePost | null = null;
  for (const p of posts) if (!newest || p.publishFrom > newest.publishFrom) newest = p;
  return newest?.id ?? null;
}

/**
 * How old a post reads on the London day `today` ("Today", "1d ago", "7d ago"; SPEC.md's wording). Posts are
 * dated by day, so there is no "Just now" or "Nh ago": the board will not claim an hour it does not know.
 */
export function postAge(publishFrom: string, today: string): string {
  const days = daysBetween(publishFrom, today);
  return days <= 0 ? 'Today' : `${days}d ago`;
}

export type BodyPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const urlPattern = /https?:\/\/[^\s<>"]+/gi;
const trailing = /[.,;:!?'")\]]$/;

/** An address without what usually follows it in a sentence: "(see https://x.org/a)." links https://x.org/a. */
function trimUrl(url: string): string {
  let end = url;
  while (trailing.test(end)) {
    // A closing bracket the address itself opened is part of it (https://en.wikipedia.org/wiki/Barn_(building)).
    if (end.endsWith(')') && count(end, '(') >= count(end, ')')) break;
    end = end.slice(0, -1);
  }
  return end;
}

const count = (text: string, char: string) => text.split(char).length - 1;

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A post's text split into plain text and http(s) links, for React to render as text nodes and <a>
 * elements (never as HTML). Line breaks stay inside the text parts; the page shows them (pre-line).
 */
export function bodyParts(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += text;
    else parts.push({ kind: 'text', text });
  };
  let from = 0;
  for (const match of body.matchAll(urlPattern)) {
    const url = trimUrl(match[0]);
    if (!isWebAddress(url)) continue;
    pushText(body.slice(from, match.index));
    parts.push({ kind: 'link', text: url, href: url });
    from = match.index + url.length;
  }
  pushText(body.slice(from));
  return parts;
}

/** "Open 9:30am - 4:00pm daily · 2-hour play sessions · last entry 3:00pm", from the catalogue's hours and sessions. */
export function openingLine(
  hours: Pick<OpeningHoursView, 'days' | 'lastEntryLabel'>,
  sessions: readonly Pick<SessionView, 'start' | 'end'>[],
): string {
  const same = sameHoursEveryDay(hours);
  const open = same ? `Open ${same} daily` : 'Open seven days a week';
  const minutes = new Set(sessions.map((s) => minutesOf(s.end) - minutesOf(s.start)));
  const [length] = minutes;
  const sessionsPart =
    minutes.size === 1 && length !== undefined && length > 0 && length % 60 === 0
      ? `${length / 60}-hour play sessions`
      : 'timed play sessions';
  return `${open} · ${sessionsPart} · last entry ${hours.lastEntryLabel}`;
}

function minutesOf(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}
