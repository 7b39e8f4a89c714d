import { useQuery } from '@tanstack/react-query';
import type { CreditLookupResponse } from '../../shared/contracts/credits';
import { normaliseCreditEmail } from '../../shared/email';
import { apiGet } from '../lib/api';
import { useFamilySession } from './family-session';

/**
 * Session credits are seen and spent only with a family session for the address (DECISIONS.md
 * "Families' data: an e-mail address is not a key"): the balance is asked for (GET /api/family/credits)
 * only when `email` is the address this browser has confirmed; for any other address there is no
 * balance to show, and the server prices a booking with it without credits too, so the totals agree.
 * Shared by the booking and credits pages.
 */
export function useCreditBalance(email: string) {
  const session = useFamilySession();
  const confirmed = !!session.data && session.data.email === normaliseCreditEmail(email);
  return useQuery({
    queryKey: ['/api/family', 'credits', session.data?.email],
    enabled: confirmed,
    retry: false,
    staleTime: 30_000,
    queryFn: () => apiGet<CreditLookupResponse>('/api/family/credits'),
  });
}
