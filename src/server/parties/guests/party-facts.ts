import { venueViewOf, type AdminCatalogue } from '../../../shared/catalogue';
import { partyNames } from '../../catalogue/party-settings';

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
  const { slotLabel, packageName } = partyNames(catalogue, { ...party, roomId: null });
  return {
    slotLabel,
    packageName,
    venueName: venue.name,
    venueAddress: venue.fullAddress,
    venuePhone: venue.phone,
  };
}

/**
 * Guests see the birthday child's first name only: the first word of what the family typed, in case
 * a surname came with it.
 */
export const firstNameOnly = (name: string): string => name.trim().split(/\s+/)[0] ?? '';
