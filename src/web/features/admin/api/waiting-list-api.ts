import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffWaitingListResponse } from '../../../../shared/contracts/waiting-list';
import { apiGet, apiPost } from '../../../lib/api';

const url = '/api/admin/waiting-list';
const dayKey = (date: string) => [url, date] as const;

/** One date's waiting lists; polled, since offers are made and taken while staff look. */
export const useStaffWaitingList = (date: string) =>
  useQuery({
    queryKey: dayKey(date),
    queryFn: () => apiGet<StaffWaitingListResponse>(`${url}?date=${encodeURIComponent(date)}`),
    enabled: date !== '',
    refetchInterval: 30_000,
  });

/** "Offer a place": the entry's places now, if they fit. */
export function useOfferPlace(date: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ success: true }>(`${url}/${encodeURIComponent(id)}/offer`, {}),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: dayKey(date) });
      // The places an offer takes show in "Places per session" too.
      void qc.invalidateQueries({ queryKey: ['/api/admin/calendar/capacity', date] });
    },
  });
}
