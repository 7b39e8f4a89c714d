import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FamilyWaitingListResponse } from '../../../../shared/contracts/waiting-list';
import { apiGet, apiRequest } from '../../../lib/api';

/** Keyed by the address too (as the bookings are), under '/api/family' so a sign-in or sign-out refreshes it. */
const waitingKey = (email: string) => ['/api/family', 'waiting-list', email] as const;

/** The family's waiting list entries; asked again each minute, since an offer can arrive at any time. */
export function useFamilyWaitingList(email: string) {
  return useQuery({
    queryKey: waitingKey(email),
    queryFn: () => apiGet<FamilyWaitingListResponse>('/api/family/waiting-list'),
    refetchInterval: 60_000,
  });
}

/** DELETE /api/family/waiting-list/{id}: "Leave the waiting list". */
export function useLeaveWaitingList(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ success: true }>('DELETE', `/api/family/waiting-list/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitingKey(email) }),
  });
}
