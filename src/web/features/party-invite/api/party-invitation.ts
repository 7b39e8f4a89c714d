import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PartyInvitationView } from '../../../../shared/contracts/party-booking';
import { ApiError, apiGet, apiPost } from '../../../lib/api';

/** A guest's invitation (issue 28): the token in the e-mailed link is all the guest has, and all they need. */
const invitationUrl = (token: string) => `/api/party-invitations/${encodeURIComponent(token)}`;
const invitationKey = (token: string) => ['party-invitation', token] as const;

export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: () => apiGet<PartyInvitationView>(invitationUrl(token)),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** A link that is unknown, or no longer works (the party is over, or was cancelled). */
export const isDeadLink = (error: unknown) =>
  error instanceof ApiError && [400, 401, 403, 404, 410].includes(error.status);

export type RsvpBody = { rsvp: 'coming' | 'not_coming'; guestChildFirstName: string; allergies: string };

/** POST /api/party-invitations/{token}/rsvp; the invitation is asked again for the answer as stored. */
export function useSendRsvp(token: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (body: RsvpBody) => {
      await apiPost<unknown>(`${invitationUrl(token)}/rsvp`, body);
      await queryClient.invalidateQueries({ queryKey: invitationKey(token) });
    },
    [queryClient, token],
  );
}
