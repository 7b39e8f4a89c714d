import { addMonths } from './dates';
import type { Pence } from './money';
import type { PartiesDocument } from './catalogue';

/**
 * The choices and rules of a party enquiry that both the page and the server use, without zod:
 * the party page renders its form from these and loads the schema (src/shared/contracts/party.ts)
 * only when the visitor starts filling it in.
 */

export const childAges = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const childCounts = [
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25+',
] as const;
export const partyPackageTypes = ['bronze', 'silver', 'gold', 'private-hire'] as const;
export type PartyPackageType = (typeof partyPackageTypes)[number];

/** A package's name as the catalogue has it now ("Private Hire" for the whole barn). */
export function partyPackageLabel(parties: PartiesDocument, type: PartyPackageType): string {
  if (type === 'private-hire') return 'Private Hire';
  return parties.packages.find((p) => p.id === type)?.name ?? type;
}

export const isPartyPackageType = (v: unknown): v is PartyPackageType =>
  partyPackageTypes.includes(v as PartyPackageType);

export const partyMessages = {
  date: 'Please select a preferred date',
  dateInPast: 'Please choose a date from today onwards',
  dateTooFar: 'We take party enquiries up to 12 months ahead. Please choose an earlier date',
} as const;

/** The dates a party can be asked for: today (the venue's day) through 12 months ahead. */
export function partyDateWindow(today: string): { from: string; to: string } {
  return { from: today, to: addMonths(today, 12) };
}

/** Why a well-formed party date cannot be asked for, given the venue's today; null when it can. */
export function partyDateProblem(date: string, today: string): string | null {
  const { from, to } = partyDateWindow(today);
  if (date < from) return partyMessages.dateInPast;
  if (date > to) return partyMessages.dateTooFar;
  return null;
}

/**
 * A rough price for staff to quote from: per child times children for a package ("25+" counts as 25,
 * so it is a minimum), the flat fee for private hire (food and drinks extra). Not charged online.
 */
export function estimatePartyPrice(
  parties: PartiesDocument,
  packageType: PartyPackageType,
  numberOfChildren: string,
): { pence: Pence; minimum: boolean } {
  if (packageType === 'private-hire') return { pence: parties.privateHire.pricePence, minimum: false };
  const pkg = parties.packages.find((p) => p.id === packageType);
  if (!pkg) return { pence: 0, minimum: true };
  const minimum = numberOfChildren.endsWith('+');
  return { pence: pkg.perChildPence * Number.parseInt(numberOfChildren, 10), minimum };
}
