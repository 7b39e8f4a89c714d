import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptAgreementInput,
  FamilyAgreementsResponse,
  FamilyProfileEditInput,
  FamilyProfileResponse,
} from '../../../../shared/contracts/family-profile';
import { familyProfileKey, useFamilyProfile } from '../../../api/family-profile';
import { apiGet, apiPost, apiRequest } from '../../../lib/api';

/**
 * The family's profile and agreements (issue 39). Keyed by the address, as My Bookings' lists are, so
 * another family signing in on this browser never sees the first one's children; the '/api/family' prefix
 * lets a sign-in or sign-out refresh them (api/family-session.ts).
 */
const profileKey = familyProfileKey;
const agreementsKey = (email: string) => ['/api/family', 'agreements', email] as const;

export { useFamilyProfile };

/** PUT /api/family/profile: the whole profile with the version it was read at. */
export function useSaveFamilyProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FamilyProfileEditInput) => apiRequest<FamilyProfileResponse>('PUT', '/api/family/profile', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey(email), saved);
      // A child added or removed changes who still needs the rules of play.
      void queryClient.invalidateQueries({ queryKey: agreementsKey(email) });
    },
  });
}

export function useFamilyAgreements(email: string) {
  return useQuery({
    queryKey: agreementsKey(email),
    queryFn: () => apiGet<FamilyAgreementsResponse>('/api/family/agreements'),
  });
}

/** POST /api/family/agreements: answers with the agreements as GET lists them. */
export function useAcceptAgreement(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptAgreementInput) => apiPost<FamilyAgreementsResponse>('/api/family/agreements', input),
    onSuccess: (list) => queryClient.setQueryData(agreementsKey(email), list),
    onError: () => void queryClient.invalidateQueries({ queryKey: agreementsKey(email) }),
  });
}
