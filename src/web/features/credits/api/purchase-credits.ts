import { useMutation } from '@tanstack/react-query';
import type { CreditPurchaseInput, CreditPurchaseResponse } from '../../../../shared/contracts/credits';
import { apiPost } from '../../../lib/api';

/** POST /api/session-credits/purchase: a pending purchase and its payment intent. */
export function usePurchaseCredits() {
  return useMutation({
    mutationFn: (input: CreditPurchaseInput) => apiPost<CreditPurchaseResponse>('/api/session-credits/purchase', input),
  });
}
