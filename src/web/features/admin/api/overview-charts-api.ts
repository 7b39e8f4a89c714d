import { useQuery } from '@tanstack/react-query';
import type { OverviewChartsResponse } from '../../../../shared/contracts/overview-charts';
import { apiGet } from '../../../lib/api';

export const overviewChartsKey = ['/api/admin/overview/charts'] as const;

/** Days, not seconds, on the axes: once a minute is fresh enough, and each call reads 30 days. */
export function useOverviewCharts() {
  return useQuery({
    queryKey: overviewChartsKey,
    queryFn: () => apiGet<OverviewChartsResponse>('/api/admin/overview/charts'),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}
