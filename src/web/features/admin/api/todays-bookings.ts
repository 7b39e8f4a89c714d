import { useQuery } from '@tanstack/react-query';
import type { TodaysBookingsResponse } from '../../../../shared/contracts/admin';
import { apiGet } from '../../../lib/api';

export const todaysBookingsKey = ['/api/admin/todays-bookings'] as const;

/** SPEC.md section 7: every 30 s. */
export function useTodaysBookings() {
  return useQuery({
    queryKey: todaysBookingsKey,
    queryFn: () => apiGet<TodaysBookingsResponse>('/api/admin/todays-bookings'),
    refetchInterval: 30_000,
  });
}
