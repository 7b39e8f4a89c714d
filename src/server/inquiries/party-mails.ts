import type { PartiesDocument, VenueView } from '../../shared/catalogue';
import { estimatePartyPrice, partyPackageLabel, type PartyInquiry } from '../../shared/contracts/party';
import { longDate } from '../../shared/date-text';
import { formatPence } from '../../shared/money';
import type { Mail } from '../mail/enqueue-mail';
import { acknowledgementText } from './acknowledgement';

/** The enquiry in a few readable lines (package names as the catalogue has them): stored as the inquiry's message. */
export function partySummary(p: PartyInquiry, parties: PartiesDocument): string {
  const lines = [
    `Party for ${p.childName} (age ${p.childAge})`,
    `Package: ${partyPackageLabel(parties, p.packageType)}`,
    `Date: ${longDate(p.partyDate)}, ${p.partyTime}`,
    `Children: ${p.numberOfChildren}`,
  ];
  if (p.specialRequests) lines.push(`Special requests: ${p.specialRequests}`);
  if (p.dietaryRequirements) lines.push(`Dietary requirements: ${p.dietaryRequirements}`);
  return lines.join('\n');
}

/** What staff quote from, at the catalogue's prices; never charged online (party bookings are invoiced). */
export function partyEstimateText(p: PartyInquiry, parties: PartiesDocument): string {
  const { pence, minimum } = estimatePartyPrice(parties, p.packageType, p.numberOfChildren);
  if (p.packageType === 'private-hire') {
    return `${formatPence(pence)} flat (food and drinks optional at ${formatPence(parties.privateHire.foodPerPersonPence)} a person)`;
  }
  return `${minimum ? 'from ' : ''}${formatPence(pence)} (${p.numberOfChildren} children)`;
}

/**
 * The parent's receipt. Anyone can type anyone's address into the form, so it repeats nothing they wrote
 * (acknowledgement.ts): only that we received it, and the venue's contacts (the catalogue's, as of now).
 */
export function partyAcknowledgementMail(
  id: string,
  p: PartyInquiry,
  venue: Pick<VenueView, 'name' | 'phone' | 'email' | 'fullAddress' | 'partyLinePhone' | 'partyLineHours'>,
): Mail {
  return {
    template: 'party-acknowledgement',
    to: p.parentEmail,
    subject: `We've got your party enquiry - ${venue.name}`,
    text: acknowledgementText(venue, `Party line: ${venue.partyLinePhone} (${venue.partyLineHours})`),
    dedupeKey: `party-ack:${id}`,
  };
}

export function partyStaffMail(
  id: string,
  p: PartyInquiry,
  opts: { staffEmail: string; parties: PartiesDocument },
): Mail {
  const { staffEmail, parties } = opts;
  return {
    template: 'party-staff-notice',
    to: staffEmail,
    subject: `New party enquiry: ${partyPackageLabel(parties, p.packageType)} for ${p.childName} on ${p.partyDate}`,
    text: [
      `Parent: ${p.parentName}`,
      `E-mail: ${p.parentEmail}`,
      `Phone: ${p.parentPhone}`,
      '',
      partySummary(p, parties),
      '',
      `Estimated price: ${partyEstimateText(p, parties)}`,
      '',
      `Promised: a call or e-mail within 24 hours. Enquiry ${id}.`,
    ].join('\n'),
    dedupeKey: `party-staff:${id}`,
  };
}
