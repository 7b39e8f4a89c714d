import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { FamilyCodeResponse, FamilySessionQuery, FamilySessionResponse } from '../../shared/contracts/family';
import { apiGet, apiPost } from '../lib/api';

/**
 * The family session (DECISIONS.md "Families' data: an e-mail address is not a key"): which address this
 * browser has proven with an e-mailed code, or null. Every query that reads a family's own data
 * (credits, points, My Bookings) starts with '/api/family' so confirming or signing out refreshes them all.
 */
export const familySessionKey = ['/api/family', 'session'] as const;

export function useFamilySession() {
  return useQuery({
    queryKey: familySessionKey,
    staleTime: 60_000,
    queryFn: async (): Promise<FamilySessionResponse | null> => {
      const { email } = await apiGet<FamilySessionQuery>('/api/family/session');
      return email ? { email } : null;
    },
  });
}

/**
 * After a sign-in: the new session, and every family query asked again. After a sign-out: the family's
 * data leaves this tab's memory instead; asking for it again could only answer 401 (an error in the
 * console of a page still showing it for the moment before it re-renders).
 */
export function familyChanged(queryClient: QueryClient, session: FamilySessionResponse | null) {
  queryClient.setQueryData(familySessionKey, session);
  const familyData = {
    predicate: (q: { queryKey: readonly unknown[] }) => q.queryKey[0] === '/api/family' && q.queryKey[1] !== 'session',
  };
  if (session) void queryClient.invalidateQueries(familyData);
  else queryClient.removeQueries(familyData);
}

/** POST /api/family/code: e-mails a 6-digit code and a one-click link to the address. */
export function useRequestFamilyCode() {
  return useMutation({
    mutationFn: (email: string) => apiPost<FamilyCodeResponse>('/api/family/code', { email }),
  });
}

/** POST /api/family/confirm: the code from the e-mail; the browser then holds the family session. */
export function useConfirmFamilyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; code: string }) =>
      apiPost<FamilySessionResponse>('/api/family/confirm', input),
    onSuccess: (session) => familyChanged(queryClient, session),
  });
}

/** POST /api/family/link: the token of an e-mailed link (?signin=...). */
export function useFamilyLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiPost<FamilySessionResponse>('/api/family/link', { token }),
    onSuccess: (session) => familyChanged(queryClient, session),
  });
}

export function useFamilySignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ success: true }>('/api/family/sign-out', {}),
    onSuccess: () => familyChanged(queryClient, null),
  });
}
