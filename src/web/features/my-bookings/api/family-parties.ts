import { useQuery } from '@tanstack/react-query';
import type { FamilyPartiesResponse } from '../../../../shared/contracts/party-booking';
import { apiGet } from '../../../lib/api';

/** GET /api/family/parties: keyed by the address, under '/api/family', as the bookings are (family-bookings.ts). */
export function useFamilyParties(email: string) {
  return useQuery({
    queryKey: ['/api/family', 'parties', email] as const,
    queryFn: () => apiGet<FamilyPartiesResponse>('/api/family/parties'),
  });
}
