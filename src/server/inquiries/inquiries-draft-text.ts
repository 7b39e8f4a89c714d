import { inquiryTypeLabel } from '../../shared/contracts/admin-inquiries';
import { longDayMonth } from '../../shared/date-text';
import type { PublicCatalogue, VenueView } from '../../shared/catalogue';
import { formatPence } from '../../shared/money';
import type { CalendarCheck } from './inquiries-calendar-check';

/**
 * Shared pieces of the drafted replies: greeting, dates, quoting, sign-off. Plain text, ready to paste.
 * Every fact (hours, sessions, prices, packages, contacts) is the catalogue's as the draft is made.
 */

/** What a draft quotes from the catalogue. */
export type DraftCatalogue = Pick<PublicCatalogue, 'venue' | 'openingHours' | 'sessions' | 'ticketTypes' | 'parties'>;

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || name.trim();

/** "14:00" -> "2:00 PM" */
export function clock12(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
export const slotText = (s: { start: string; end: string }) => `${clock12(s.start)} - ${clock12(s.end)}`;

/** "a, b and c" */
export function listText(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function quoted(message: string, max = 600): string {
  const text = message.length > max ? `${message.slice(0, max).trimEnd()}...` : message;
  return text
    .split(/\r?\n/)
    .map((l) => `> ${l}`)
    .join('\n');
}

export const signOff = (venue: Pick<VenueView, 'name' | 'phone' | 'email'>) =>
  `Kind regards,\nThe ${venue.name} team\n${venue.phone}\n${venue.email}`;

export const apology = (daysSince: number) => (daysSince >= 2 ? ' Sorry it has taken us a few days to reply.' : '');

const countWords = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** "We are open 9:30am - 4:00pm every day (last entry 3:00pm), in three 2-hour sessions: ...". */
export function hoursLine(c: Pick<DraftCatalogue, 'openingHours' | 'sessions'>): string {
  const { days, lastEntryLabel } = c.openingHours;
  const sameEveryDay = days.every((d) => d.hours === days[0]?.hours);
  const open = sameEveryDay
    ? `${days[0]?.hours ?? ''} every day`
    : listText(days.map((d) => `${d.hours} on ${d.days}`));
  const lengths = new Set(c.sessions.map((s) => minutesOf(s.end) - minutesOf(s.start)));
  const [length] = lengths;
  const sized = lengths.size === 1 && length !== undefined && length % 30 === 0 ? ` ${length / 60}-hour` : '';
  const count = countWords[c.sessions.length] ?? String(c.sessions.length);
  const noun = c.sessions.length === 1 ? 'session' : 'sessions';
  const sessions = c.sessions.length
    ? `, in ${count}${sized} ${noun}: ${listText(c.sessions.map((s) => s.label))}`
    : '';
  return `We are open ${open} (last entry ${lastEntryLabel})${sessions}.`;
}

/** "Entry is £4.00 for children 0-1 years, ...": today's prices of the tickets sold for every day and session. */
export function pricesLine(c: Pick<DraftCatalogue, 'ticketTypes'>): string {
  const everyday = c.ticketTypes.filter((t) => t.sellDays === 'any' && t.sessionIds.length === 0);
  return `Entry is ${listText(everyday.map((t) => `${formatPence(t.pricePence)} for ${t.title.toLowerCase()}`))}.`;
}

function openDaysLine(check: CalendarCheck | null, publicUrl: string, venue: Pick<VenueView, 'phone'>): string {
  // No calendar to check: promise nothing, point to the booking page (which says what is free).
  if (!check) return `You can see which sessions are free and book online at ${publicUrl}/booking.`;
  if (check.alternativeDates.length === 0)
    return `Our sessions are fully booked for the next two weeks; please call us on ${venue.phone} and we will do our best to fit you in.`;
  const first = check.availableSlots.length
    ? ` (on ${longDayMonth(check.alternativeDates[0]!)}: ${listText(check.availableSlots.map(slotText))})`
    : '';
  return `We have sessions free on ${listText(check.alternativeDates.map(longDayMonth))}${first}. You can book online at ${publicUrl}/booking.`;
}

/**
 * The reply to a contact-form enquiry, by its type; availability is open play in the coming days
 * (`check` null: the booking calendar is not configured, so the reply claims no availability).
 */
export function contactDraft(
  inq: { name: string; inquiryType: string; message: string; daysSince: number },
  check: CalendarCheck | null,
  publicUrl: string,
  catalogue: DraftCatalogue,
) {
  const { venue, parties } = catalogue;
  const { privateHire } = parties;
  const label = inquiryTypeLabel(inq.inquiryType);
  const hello = `Hello ${firstName(inq.name)},\n\nThank you for getting in touch with ${venue.name}.${apology(inq.daysSince)}`;
  let middle: string;
  switch (inq.inquiryType) {
    case 'feedback':
      middle = `Thank you for taking the time to send us your feedback. We have shared it with the whole team, and it helps us make every visit better. If there is anything you would like us to follow up with you directly, just reply to this e-mail.`;
      break;
    case 'birthday':
      middle = [
        `We would love to host a birthday party for you. Our packages are ${listText(parties.packages.map((p) => `${p.name} (${formatPence(p.perChildPence)} per child, ${p.hours})`))}, or private hire of the whole barn for ${formatPence(privateHire.pricePence, { whole: true })}.`,
        `If you let us know your preferred date and time, the number of children and the package you like, we will check the calendar and confirm. You can also send the details through ${publicUrl}/party-booking or call our party line on ${venue.partyLinePhone} (${venue.partyLineHours}).`,
      ].join('\n\n');
      break;
    case 'group':
      middle = [
        `We are happy to welcome groups. ${hoursLine(catalogue)} ${pricesLine(catalogue)}`,
        openDaysLine(check, publicUrl, venue),
        `If you let us know your preferred date and session and how many children and adults are coming, we will make sure there is room for everyone.`,
      ].join('\n\n');
      break;
    default:
      middle = [`${hoursLine(catalogue)} ${pricesLine(catalogue)}`, openDaysLine(check, publicUrl, venue)].join('\n\n');
  }
  return {
    subject: `Re: your ${label.toLowerCase()} - ${venue.name}`,
    body: `${hello}\n\n${middle}\n\nIf there is anything else we can help with, just reply to this e-mail.\n\n${signOff(venue)}\n\n---\nYour message:\n${quoted(inq.message)}`,
  };
}
