import { useQuery } from '@tanstack/react-query';
import type { PaymentsConfigResponse } from '../../../shared/contracts/booking';
import { apiGet } from '../../lib/api';

/** GET /api/payments/config: Stripe (with keys) or the offline TEST MODE provider. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['/api/payments/config'],
    queryFn: () => apiGet<PaymentsConfigResponse>('/api/payments/config'),
  });
}
