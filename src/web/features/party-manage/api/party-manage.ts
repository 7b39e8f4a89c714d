import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  FamilyPartyView,
  PartyAvailabilityResponse,
  PartyInvitationsResponse,
  PartyDuePaymentResponse,
} from '../../../../shared/contracts/party-booking';
import { ApiError, apiGet, apiRequest } from '../../../lib/api';

/**
 * The family's own party routes (issue 28). Each request carries the manage token as X-Party-Token when
 * this tab has one; the family session cookie goes along anyway, so a signed-in family needs no token.
 */
const headersFor = (token: string | null): Record<string, string> | undefined =>
  token ? { 'x-party-token': token } : undefined;

const partyUrl = (id: string) => `/api/parties/${encodeURIComponent(id)}`;
export const partyKey = (id: string) => ['party', id] as const;

/** GET /api/parties/{id}: not found (404), or refused (401/403), are answers, not failures to retry. */
export function useParty(id: string, token: string | null) {
  return useQuery({
    queryKey: partyKey(id),
    queryFn: () => apiGet<FamilyPartyView>(partyUrl(id), headersFor(token)),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** True when the server says this visitor may not see the party (it answers as if there were none), or the id is no id. */
export const isNotFound = (error: unknown) => error instanceof ApiError && [400, 401, 403, 404].includes(error.status);

/** After a change the server has made, the party is asked again (its price and balance are the server's). */
export function useRefreshParty(id: string) {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: partyKey(id) }), [queryClient, id]);
}

/**
 * POST /api/parties/{id}/balance: a payment for what is due now, answered like the deposit's; with a gift
 * voucher code, the voucher pays what it can first and the answer is the card's part (none when it paid all).
 */
export const startBalancePayment = (id: string, token: string | null, voucherCode?: string) =>
  apiRequest<PartyDuePaymentResponse>(
    'POST',
    `${partyUrl(id)}/balance`,
    voucherCode ? { voucherCode } : {},
    headersFor(token),
  );

/** PATCH /api/parties/{id}/children: the server reprices the party. */
export const changePartyChildren = (
  id: string,
  token: string | null,
  body: { children: number; foodChoices: string[] },
) => apiRequest<unknown>('PATCH', `${partyUrl(id)}/children`, body, headersFor(token));

/** POST /api/parties/{id}/invitations: one e-mail per address; `remaining` is how many more may go. */
export const sendPartyInvitations = (id: string, token: string | null, emails: string[]) =>
  apiRequest<PartyInvitationsResponse>('POST', `${partyUrl(id)}/invitations`, { emails }, headersFor(token));

/**
 * The party month's offer: the package's bounds on the number of children, whether it includes food and
 * the food choices (the family view names the package but does not carry these).
 */
export function usePartyOffer(date: string, enabled: boolean) {
  const month = date.slice(0, 7);
  return useQuery({
    queryKey: ['/api/parties/availability', month],
    queryFn: () => apiGet<PartyAvailabilityResponse>(`/api/parties/availability?month=${month}`),
    enabled,
    staleTime: 5 * 60_000,
  });
}
