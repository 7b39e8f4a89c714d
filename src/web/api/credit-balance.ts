import { useQuery } from '@tanstack/react-query';
import { type CreditLookupResponse, normaliseCreditEmail } from '../../shared/contracts/credits';

/** What the pages show until the family has proven the address. */
const noVisibleCredits: CreditLookupResponse = {
  success: true,
  totalActiveCredits: 0,
  creditsOnHold: 0,
  activeCredits: [],
};

/**
 * Session credits are seen and spent only with a family session for the address (DECISIONS.md
 * "Families' data: an e-mail address is not a key"): GET /api/session-credits/{email} answers 401
 * otherwise, and the server prices a booking without credits. Until the booking and credits pages ask
 * for the e-mailed code (GET /api/family/credits then), they show no balance and ask the server nothing,
 * so the total they send matches the server's. Shared by the booking and credits pages.
 */
export function useCreditBalance(email: string) {
  const key = normaliseCreditEmail(email);
  return useQuery({
    queryKey: ['/api/session-credits', key],
    enabled: key.includes('@'),
    retry: false,
    staleTime: 30_000,
    queryFn: async () => noVisibleCredits,
  });
}
