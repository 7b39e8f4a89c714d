import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActiveSessionsResponse } from '../../../../shared/contracts/admin';
import type { CheckOutResponse } from '../../../../shared/contracts/checkin';
import { apiGet, apiPost } from '../../../lib/api';
import { dashboardStatsKey } from './dashboard-stats';
import { todaysBookingsKey } from './todays-bookings';

export const activeSessionsKey = ['/api/admin/active-sessions'] as const;

/** SPEC.md section 7: every 15 s, so the minutes left stay current. */
export function useActiveSessions() {
  return useQuery({
    queryKey: activeSessionsKey,
    queryFn: () => apiGet<ActiveSessionsResponse>('/api/admin/active-sessions'),
    refetchInterval: 15_000,
  });
}

/** POST /api/check-in/check-out (the kiosk's verb too); afterwards every list that shows check-in state is asked again. */
export function useStaffCheckout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) => apiPost<CheckOutResponse>('/api/check-in/check-out', { ticketId }),
    onSettled: () => {
      for (const queryKey of [activeSessionsKey, todaysBookingsKey, dashboardStatsKey])
        void qc.invalidateQueries({ queryKey });
    },
  });
}
