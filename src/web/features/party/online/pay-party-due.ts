import type { PartyDuePaymentResponse } from '../../../../shared/contracts/party-booking';
import { apiRequest } from '../../../lib/api';

/**
 * POST /api/parties/{id}/balance with this tab's manage token: what is due now (here, the deposit of the
 * party just held), with a gift voucher code that pays what it can; the answer is the card's part.
 */
export const payPartyDue = (partyId: string, manageToken: string, voucherCode: string) =>
  apiRequest<PartyDuePaymentResponse>(
    'POST',
    `/api/parties/${encodeURIComponent(partyId)}/balance`,
    { voucherCode },
    { 'x-party-token': manageToken },
  );
