import { venueViewOf, type AdminCatalogue } from '../../../shared/catalogue';
import { addDays } from '../../../shared/dates';
import { CHANGE_CUTOFF_DAYS } from '../party-rules';
import { PRIVATE_HIRE } from '../party-settings';

/**
 * What guests and family mails show of a party, read from the catalogue as it is now (the one source of
 * names, times and the venue's identity), so an edit there shows in the next mail and page.
 */
export type PartyFacts = {
  slotLabel: string;
  packageName: string;
  venueName: string;
  venueAddress: string;
  venuePhone: string;
};

export function partyFactsOf(
  catalogue: Pick<AdminCatalogue, 'venue' | 'parties' | 'partyBooking'>,
  party: { slotId: string; packageId: string },
): PartyFacts {
  const { venue } = venueViewOf(catalogue.venue.value);
  const slot = catalogue.partyBooking.value.slots.find((s) => s.id === party.slotId);
  const pkg = catalogue.parties.value.packages.find((p) => p.id === party.packageId);
  return {
    // A slot or package taken off sale since keeps its party readable by its id.
    slotLabel: slot?.label ?? party.slotId,
    packageName: party.packageId === PRIVATE_HIRE ? 'Private Hire' : (pkg?.name ?? party.packageId),
    venueName: venue.name,
    venueAddress: venue.fullAddress,
    venuePhone: venue.phone,
  };
}

/** The balance is due on the last day numbers may change: 7 days before the party (DECISIONS.md). */
export const balanceDueDateOf = (partyDate: string): string => addDays(partyDate, -CHANGE_CUTOFF_DAYS);

/**
 * Guests see the birthday child's first name only: the first word of what the family typed, in case
 * a surname came with it.
 */
export const firstNameOnly = (name: string): string => name.trim().split(/\s+/)[0] ?? '';
