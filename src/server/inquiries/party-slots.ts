import type { PartiesDocument, SessionView } from '../../shared/catalogue';
import { formatPence, type Pence } from '../../shared/money';
import { estimatePartyPrice as sharedEstimate, type PartyPackageType } from '../../shared/party-options';

/** A party time with the open-play sessions it overlaps (none: after hours). */
export type PartySlot = { label: string; start: string; end: string; sessionIds: string[] };

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "12:00-2:00 PM" -> 12:00..14:00. The suffix belongs to the end time; the start is the latest
 * reading (AM or PM) that still comes before the end, so "9:30-11:30 AM" starts at 09:30 and
 * "12:00-2:00 PM" at noon.
 */
export function parsePartySlot(label: string): { start: string; end: string } | null {
  // A note after the times ("4:30 PM - 6:30 PM (after hours)") is the label's, not the times'.
  const m = /^\s*(\d{1,2}):(\d{2})\s*(?:AM|PM)?\s*-\s*(\d{1,2}):(\d{2})\s*(AM|PM)\s*(?:\([^)]*\)\s*)?$/i.exec(label);
  if (!m) return null;
  const [, sh, sm, eh, em, suffix] = m as unknown as [string, string, string, string, string, string];
  const endMinutes = ((Number(eh) % 12) + (suffix.toUpperCase() === 'PM' ? 12 : 0)) * 60 + Number(em);
  const startBase = (Number(sh) % 12) * 60 + Number(sm);
  const startMinutes = [startBase + 720, startBase].find((t) => t < endMinutes);
  if (startMinutes === undefined) return null;
  const hm = (t: number) => `${pad(Math.floor(t / 60))}:${pad(t % 60)}`;
  return { start: hm(startMinutes), end: hm(endMinutes) };
}

/** What the party slots are read from: the catalogue's (a PublicCatalogue is one). */
export type PartySlotSource = {
  parties: Pick<PartiesDocument, 'slots'>;
  sessions: readonly Pick<SessionView, 'id' | 'start' | 'end'>[];
};

/**
 * The catalogue's party slots (the online booking's, DECISIONS.md "Parties online") with their times; a
 * slot is blocked with any open-play session it overlaps, an after-hours one (4:30-6:30 PM as seeded)
 * only by a whole-day block.
 */
export function partySlotTimesOf(catalogue: PartySlotSource): PartySlot[] {
  return catalogue.parties.slots.flatMap((label) => {
    const t = parsePartySlot(label);
    if (!t) return [];
    const sessionIds = catalogue.sessions.filter((s) => s.start < t.end && t.start < s.end).map((s) => s.id);
    return [{ label, ...t, sessionIds }];
  });
}

/** The party slot an enquiry asked for among `slots`: its label, or a label naming the same times. */
export function findPartySlot(slots: readonly PartySlot[], partyTime: string | undefined): PartySlot | null {
  if (!partyTime) return null;
  const exact = slots.find((s) => s.label === partyTime);
  if (exact) return exact;
  const t = parsePartySlot(partyTime);
  return t ? (slots.find((s) => s.start === t.start && s.end === t.end) ?? null) : null;
}

export type PartyEstimate = {
  totalPence: Pence;
  minimum: boolean;
  packageName: string;
  summary: string;
  includes: readonly string[];
};

/**
 * A price for staff to quote from (nothing is charged online): per child times children for a
 * package ("25+" counts as 25, so it is a minimum), the flat fee for private hire; the catalogue's prices.
 */
export function estimatePartyPrice(
  parties: PartiesDocument,
  packageType: string | undefined,
  numberOfChildren: string | undefined,
): PartyEstimate | null {
  const { privateHire } = parties;
  const key = (packageType ?? '').trim().toLowerCase();
  const children = (numberOfChildren ?? '').trim();
  if (key === 'private-hire' || key === 'private hire') {
    return {
      ...priceOf(parties, 'private-hire', children || '1'),
      packageName: 'Private Hire',
      summary: `${formatPence(privateHire.pricePence, { whole: true })} for exclusive use, up to ${privateHire.maxChildren} children and ${privateHire.maxAdults} adults; food and drinks optional at ${formatPence(privateHire.foodPerPersonPence)} a person`,
      includes: [privateHire.summary],
    };
  }
  // Stored enquiries passed the party schema, but staff may read older or hand-entered rows too.
  const pkg = parties.packages.find((p) => p.id === key || p.name.toLowerCase() === key);
  if (!pkg || !(Number.parseInt(children, 10) > 0)) return null;
  const adults = pkg.freeAdults === 1 ? '1 adult free' : `${pkg.freeAdults} adults free`;
  return {
    ...priceOf(parties, pkg.id as PartyPackageType, children),
    packageName: pkg.name,
    summary: `${formatPence(pkg.perChildPence)} per child, ${pkg.hours}, ${adults}`,
    includes: pkg.includes,
  };
}

/** The one price rule (src/shared/party-options.ts), shaped for the draft. */
function priceOf(
  parties: PartiesDocument,
  packageType: PartyPackageType,
  children: string,
): { totalPence: Pence; minimum: boolean } {
  const { pence, minimum } = sharedEstimate(parties, packageType, children);
  return { totalPence: pence, minimum };
}
