import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelBookingPreview, CancelBookingResponse } from '../../../../shared/contracts/booking';
import { apiGet, apiPost } from '../../../lib/api';

/** GET /api/bookings/cancel?token=: what cancelling now would do (refund or a clear refusal). */
export function useCancelPreview(token: string | null) {
  return useQuery({
    queryKey: ['/api/bookings/cancel', token],
    enabled: !!token,
    queryFn: () => apiGet<CancelBookingPreview>(`/api/bookings/cancel?token=${encodeURIComponent(token!)}`),
  });
}

/** POST /api/bookings/cancel: cancels and refunds through the provider; the preview is then refreshed. */
export function useCancelBooking(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<CancelBookingResponse>('/api/bookings/cancel', { token }),
    onSettled: () => client.invalidateQueries({ queryKey: ['/api/bookings/cancel', token] }),
  });
}
