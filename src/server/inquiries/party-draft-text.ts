import type { PartyDetails } from '../../shared/contracts/admin-inquiries';
import { longDate, longDayMonth } from '../../shared/date-text';
import { formatPence } from '../../shared/money';
import type { CalendarCheck } from './inquiries-calendar-check';
import { apology, firstName, listText, signOff, slotText, type DraftCatalogue } from './inquiries-draft-text';
import { estimatePartyPrice, type PartySlot } from './party-slots';

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
};

type Asked = { date: string | null; datePassed: boolean; slot: PartySlot | null };

function availabilityParagraph({ date, datePassed, slot }: Asked, check: CalendarCheck | null): string {
  // No calendar to check (not configured): the reply promises to check rather than claim a date is free.
  if (!check)
    return date
      ? `We will check ${slot ? `${longDate(date)}, ${slot.label}` : longDate(date)} in our calendar and confirm it with you as soon as we can.`
      : `${datePassed ? 'The date in your enquiry has already passed.' : 'Your enquiry did not include a date we could read.'} Please let us know a date or two that would suit you and we will check them straight away.`;
  const alternatives = check.alternativeDates.length
    ? `${slot ? `${slot.label} is free on` : 'We have party slots free on'} ${listText(check.alternativeDates.map(longDayMonth))}, if one of those would suit you.`
    : `Please let us know another date or two that would suit you and we will check them straight away.`;
  if (!date) {
    const why = datePassed
      ? 'The date in your enquiry has already passed.'
      : 'Your enquiry did not include a date we could read.';
    return `${why} ${alternatives}`;
  }
  const when = slot ? `${longDate(date)}, ${slot.label}` : longDate(date);
  const free = listText(check.availableSlots.map(slotText));
  if (check.availability === 'available')
    return `Good news: ${when} is free in our calendar, and we would love to host the party then.`;
  if (check.availability === 'partial' && !slot)
    return `On ${when} we have ${free} free; the other times that day are taken.`;
  if (check.availability === 'partial')
    return `Unfortunately ${when} is not available, but on the same day we have ${free} free. ${alternatives}`;
  return `Unfortunately we are fully booked on ${longDate(date)}. ${alternatives}`;
}

/**
 * The reply to a party enquiry: the calendar's answer for the date asked, the package and a price to quote
 * (the catalogue's packages and contacts as the draft is made).
 */
export function partyDraft(
  inq: { name: string; daysSince: number; details: PartyDetails },
  asked: Asked,
  check: CalendarCheck | null,
  catalogue: Pick<DraftCatalogue, 'venue' | 'parties'>,
) {
  const { venue } = catalogue;
  const d = inq.details;
  const { date } = asked;
  const child = d.childName?.trim() || 'your child';
  const age = Number.parseInt(d.childAge ?? '', 10);
  const birthday = Number.isFinite(age) && age > 0 ? `${ordinal(age)} birthday` : 'birthday';
  const estimate = estimatePartyPrice(catalogue.parties, d.packageType, d.numberOfChildren);
  const packageName = estimate?.packageName ?? d.packageType ?? 'party';

  const glance = [
    `- Package: ${estimate ? `${estimate.packageName} (${estimate.summary})` : (d.packageType ?? 'not chosen yet')}`,
    estimate && estimate.includes.length
      ? `- Includes: ${listText(estimate.includes.map((s) => s.toLowerCase()))}`
      : null,
    `- Children: ${d.numberOfChildren ?? 'to be confirmed'}`,
    estimate
      ? `- Estimated price: ${estimate.minimum ? 'from ' : ''}${formatPence(estimate.totalPence)}${estimate.packageName === 'Private Hire' ? '' : ` for ${d.numberOfChildren} children`}`
      : null,
    d.dietaryRequirements?.trim()
      ? `- Dietary requirements: ${d.dietaryRequirements.trim()} (we will go through these with you)`
      : null,
    d.specialRequests?.trim() ? `- Special requests: ${d.specialRequests.trim()}` : null,
  ].filter((l): l is string => l !== null);

  const subjectDate = date ? ` on ${longDayMonth(date)}` : '';
  return {
    subject: `Your party enquiry for ${child}'s ${birthday}${subjectDate} - ${venue.name}`,
    body: [
      `Hello ${firstName(inq.name)},`,
      `Thank you for your enquiry about a ${packageName} party for ${child}'s ${birthday}.${apology(inq.daysSince)}`,
      availabilityParagraph(asked, check),
      `Your party at a glance:\n${glance.join('\n')}`,
      `Please note we do not allow outside catering; a birthday cake is welcome if it is taken home to enjoy.`,
      `To confirm, just reply to this e-mail or call our party line on ${venue.partyLinePhone} (${venue.partyLineHours}). Nothing is booked or charged until we have agreed the details with you.`,
      signOff(venue),
    ].join('\n\n'),
  };
}
