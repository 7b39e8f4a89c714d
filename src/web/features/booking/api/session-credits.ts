import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api';

export type CreditLookup = { success: boolean; totalActiveCredits: number; activeCredits: { creditsRemaining: number }[] };

const none: CreditLookup = { success: false, totalActiveCredits: 0, activeCredits: [] };

/**
 * GET /api/session-credits/{email}, only once the e-mail contains @ (SPEC.md section 5), no retry.
 * A 404 means this address has no credits, which is an answer, not an error.
 */
export function useCreditLookup(email: string) {
  const trimmed = email.trim().toLowerCase();
  return useQuery({
    queryKey: ['/api/session-credits', trimmed],
    enabled: trimmed.includes('@'),
    retry: false,
    staleTime: 60_000,
    queryFn: async () => {
      try {
        return await apiGet<CreditLookup>(`/api/session-credits/${encodeURIComponent(trimmed)}`);
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return none;
        throw e;
      }
    },
  });
}
