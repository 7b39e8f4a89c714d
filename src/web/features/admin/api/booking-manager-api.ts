import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookingManagerDetailResponse,
  BookingSearchResponse,
  ResendConfirmationResponse,
  StaffCancelInput,
  StaffCancelResponse,
  StaffMoveInput,
  StaffMoveResponse,
} from '../../../../shared/contracts/booking-manager';
import { apiGet, apiPost } from '../../../lib/api';

const detailKey = (id: string) => ['/api/admin/bookings', id] as const;

/** A search is asked for by a button: a mutation, so nothing polls or caches a family's details. */
export const useSearchBookings = () =>
  useMutation({
    mutationFn: (q: string) => apiGet<BookingSearchResponse>(`/api/admin/bookings?q=${encodeURIComponent(q)}`),
  });

export const useBookingDetail = (id: string) =>
  useQuery({
    queryKey: detailKey(id),
    queryFn: () => apiGet<BookingManagerDetailResponse>(`/api/admin/bookings/${encodeURIComponent(id)}`),
    gcTime: 0,
  });

export function useResendConfirmation(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiPost<ResendConfirmationResponse>(`/api/admin/bookings/${encodeURIComponent(id)}/resend-confirmation`, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: detailKey(id) }),
  });
}

export function useStaffCancel(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffCancelInput) =>
      apiPost<StaffCancelResponse>(`/api/admin/bookings/${encodeURIComponent(id)}/cancel`, input),
    onSettled: () => qc.invalidateQueries({ queryKey: detailKey(id) }),
  });
}

export function useStaffMove(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffMoveInput) =>
      apiPost<StaffMoveResponse>(`/api/admin/bookings/${encodeURIComponent(id)}/move`, input),
    onSettled: () => qc.invalidateQueries({ queryKey: detailKey(id) }),
  });
}
