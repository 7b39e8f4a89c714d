import { useMutation } from '@tanstack/react-query';
import type { SearchPaymentsInput, SearchPaymentsResponse } from '../../../../shared/contracts/admin';
import { apiPost } from '../../../lib/api';

/** POST /api/admin/search-payments: a search staff start, so a mutation (nothing polls it). */
export function useSearchPayments() {
  return useMutation({
    mutationFn: (input: SearchPaymentsInput) => apiPost<SearchPaymentsResponse>('/api/admin/search-payments', input),
  });
}
