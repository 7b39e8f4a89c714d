import { useQuery } from '@tanstack/react-query';
import type { DashboardStatsResponse } from '../../../../shared/contracts/admin';
import { apiGet } from '../../../lib/api';

export const dashboardStatsKey = ['/api/admin/dashboard-stats'] as const;

/** SPEC.md section 7: every 30 s, stale after 10 s. */
export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardStatsKey,
    queryFn: () => apiGet<DashboardStatsResponse>('/api/admin/dashboard-stats'),
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}
