import type { PartyBookingEditInput } from '../../../../../shared/contracts/catalogue';
import { catalogueRequest, useCatalogueEdit } from '../catalogue-api';

/** PATCH /party-booking takes any of the document's parts: each form sends only its own, with the latest version. */
export const useSavePartyBooking = () =>
  useCatalogueEdit((input: PartyBookingEditInput) => catalogueRequest('PATCH', '/party-booking', input));

/**
 * A new row's id (a room, a slot, a food option): made once, here, and kept when the row is renamed, so
 * the parties booked in it keep pointing at it. Never one a removed row had: random, not counted.
 */
export const newRowId = (prefix: string) =>
  // getRandomValues, not randomUUID: the staff app may be opened over plain http on the venue's network.
  `${prefix}-${Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
