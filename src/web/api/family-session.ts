import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FamilyCodeResponse, FamilySessionQuery, FamilySessionResponse } from '../../shared/contracts/family';
import { apiGet, apiPost } from '../lib/api';
import { useAction } from '../lib/use-action';

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

// The four requests below use useAction, not TanStack's useMutation: these forms are on public pages
// whose first visit has a 100 KB script budget (docs/decisions/014).

const requestCode = (email: string) => apiPost<FamilyCodeResponse>('/api/family/code', { email });
const confirmCode = (input: { email: string; code: string }) =>
  apiPost<FamilySessionResponse>('/api/family/confirm', input);
const followLink = (token: string) => apiPost<FamilySessionResponse>('/api/family/link', { token });
const signOut = (_: void) => apiPost<{ success: true }>('/api/family/sign-out', {});

/** After a sign-in or sign-out: the session, and the family's queries refreshed or dropped. */
function useFamilyChanged() {
  const queryClient = useQueryClient();
  return useCallback((session: FamilySessionResponse | null) => familyChanged(queryClient, session), [queryClient]);
}

/** POST /api/family/code: e-mails a 6-digit code and a one-click link to the address. */
export function useRequestFamilyCode() {
  return useAction(requestCode);
}

/** POST /api/family/confirm: the code from the e-mail; the browser then holds the family session. */
export function useConfirmFamilyCode() {
  return useAction(confirmCode, useFamilyChanged());
}

/** POST /api/family/link: the token of an e-mailed link (?signin=...). */
export function useFamilyLink() {
  return useAction(followLink, useFamilyChanged());
}

export function useFamilySignOut() {
  const changed = useFamilyChanged();
  return useAction(
    signOut,
    useCallback(() => changed(null), [changed]),
  );
}
