import { estimatePartyPrice, partyPackageLabels, type PartyInquiry } from '../../shared/contracts/party';
import { longDate } from '../../shared/date-text';
import { formatPence } from '../../shared/money';
import { privateHire, venue } from '../../shared/venue';
import type { Mail } from '../mail/enqueue-mail';
import { acknowledgementText } from './acknowledgement';

/** The enquiry in a few readable lines: stored as the inquiry's message and quoted in both mails. */
export function partySummary(p: PartyInquiry): string {
  const lines = [
    `Party for ${p.childName} (age ${p.childAge})`,
    `Package: ${partyPackageLabels[p.packageType]}`,
    `Date: ${longDate(p.partyDate)}, ${p.partyTime}`,
    `Children: ${p.numberOfChildren}`,
  ];
  if (p.specialRequests) lines.push(`Special requests: ${p.specialRequests}`);
  if (p.dietaryRequirements) lines.push(`Dietary requirements: ${p.dietaryRequirements}`);
  return lines.join('\n');
}

/** What staff quote from; never charged online (party bookings are invoiced). */
export function partyEstimateText(p: PartyInquiry): string {
  const { pence, minimum } = estimatePartyPrice(p.packageType, p.numberOfChildren);
  if (p.packageType === 'private-hire') {
    return `${formatPence(pence)} flat (food and drinks optional at ${formatPence(privateHire.foodPerPersonPence)} a person)`;
  }
  return `${minimum ? 'from ' : ''}${formatPence(pence)} (${p.numberOfChildren} children)`;
}

/**
 * The parent's receipt. Anyone can type anyone's address into the form, so it repeats nothing they wrote
 * (acknowledgement.ts): only that we received it, and the venue's contacts.
 */
export function partyAcknowledgementMail(id: string, p: PartyInquiry): Mail {
  return {
    template: 'party-acknowledgement',
    to: p.parentEmail,
    subject: `We've got your party enquiry - ${venue.name}`,
    text: acknowledgementText(`Party line: ${venue.partyLinePhone} (${venue.partyLineHours})`),
    dedupeKey: `party-ack:${id}`,
  };
}

export function partyStaffMail(id: string, p: PartyInquiry, staffEmail: string): Mail {
  return {
    template: 'party-staff-notice',
    to: staffEmail,
    subject: `New party enquiry: ${partyPackageLabels[p.packageType]} for ${p.childName} on ${p.partyDate}`,
    text: [
      `Parent: ${p.parentName}`,
      `E-mail: ${p.parentEmail}`,
      `Phone: ${p.parentPhone}`,
      '',
      partySummary(p),
      '',
      `Estimated price: ${partyEstimateText(p)}`,
      '',
      `Promised: a call or e-mail within 24 hours. Enquiry ${id}.`,
    ].join('\n'),
    dedupeKey: `party-staff:${id}`,
  };
}
