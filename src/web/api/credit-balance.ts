import { useQuery } from '@tanstack/react-query';
import { type CreditLookupResponse, normaliseCreditEmail } from '../../shared/contracts/credits';
import { apiGet } from '../lib/api';

/**
 * GET /api/session-credits/{email}: only once the e-mail contains @, no retry (SPEC.md section 5). An
 * address with no credits answers success with totalActiveCredits 0. Shared by the booking and credits pages.
 */
export function useCreditBalance(email: string) {
  const key = normaliseCreditEmail(email);
  return useQuery({
    queryKey: ['/api/session-credits', key],
    enabled: key.includes('@'),
    retry: false,
    staleTime: 30_000,
    queryFn: () => apiGet<CreditLookupResponse>(`/api/session-credits/${encodeURIComponent(key)}`),
  });
}
