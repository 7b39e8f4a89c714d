import type {
  FamilyPartyView,
  PartyAvailabilityResponse,
  PartyBookingInput,
  PartyPaymentResponse,
  PartyQuoteResponse,
} from '../../shared/contracts/party-booking';
import { apiGet, apiPost, apiRequest } from '../lib/api';

/**
 * The family's party routes (src/shared/contracts/party-booking.ts). Types only from the contract: the party
 * page must not bring zod with its first view.
 */

export type PartyChoice = Pick<PartyBookingInput, 'date' | 'slotId' | 'packageId' | 'children' | 'voucherCode'>;

/**
 * GET /api/parties/availability?month=YYYY-MM: the month's free slots, the packages and the food menu. The
 * server lets browsers keep it a few seconds; `fresh` asks again anyway (a slot was just taken).
 */
export const fetchPartyMonth = (month: string, fresh = false) =>
  apiRequest<PartyAvailabilityResponse>(
    'GET',
    `/api/parties/availability?month=${encodeURIComponent(month)}`,
    undefined,
    undefined,
    fresh ? 'no-cache' : undefined,
  );

/** POST /api/parties/quote: the price of a choice, as the server would charge it. */
export const quoteParty = (choice: PartyChoice) => apiPost<PartyQuoteResponse>('/api/parties/quote', choice);

/** POST /api/parties: holds the room and starts the deposit payment (409 party_slot_taken when just taken). */
export const holdParty = (input: PartyBookingInput) => apiPost<PartyPaymentResponse>('/api/parties', input);

/** GET /api/parties/{id} with the manage token the server gave this browser. */
export const fetchFamilyParty = (id: string, manageToken: string) =>
  apiGet<FamilyPartyView>(`/api/parties/${encodeURIComponent(id)}`, { 'x-party-token': manageToken });
