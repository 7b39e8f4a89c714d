import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SessionCapacityResponse,
  SetSessionCapacityInput,
  SetSessionCapacityResponse,
} from '../../../../shared/contracts/session-capacity';
import { apiGet, apiPost } from '../../../lib/api';

const url = '/api/admin/calendar/capacity';
const dayKey = (date: string) => [url, date] as const;

/** One date's sessions with capacity and places taken; polled, since families book while staff look. */
export const useSessionCapacities = (date: string) =>
  useQuery({
    queryKey: dayKey(date),
    queryFn: () => apiGet<SessionCapacityResponse>(`${url}?date=${encodeURIComponent(date)}`),
    enabled: date !== '',
    refetchInterval: 30_000,
  });

export function useSetSessionCapacity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SetSessionCapacityInput) => apiPost<SetSessionCapacityResponse>(url, input),
    // A refusal means someone booked meanwhile: the fresh figures explain it.
    onSettled: (_res, _err, input) => qc.invalidateQueries({ queryKey: dayKey(input.date) }),
  });
}
