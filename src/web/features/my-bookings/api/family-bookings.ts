import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelBookingResponse } from '../../../../shared/contracts/booking';
import type { FamilyBookingsResponse } from '../../../../shared/contracts/family';
import { apiGet, apiPost } from '../../../lib/api';

/**
 * Keyed by the address as well: after a sign-out and another family's sign-in on the same browser, the
 * cached list of the first family is never shown, not even for the moment the new one takes to load.
 * The '/api/family' prefix lets a sign-in or sign-out refresh it (api/family-session.ts).
 */
const bookingsKey = (email: string) => ['/api/family', 'bookings', email] as const;

export function useFamilyBookings(email: string) {
  return useQuery({
    queryKey: bookingsKey(email),
    queryFn: () => apiGet<FamilyBookingsResponse>('/api/family/bookings'),
  });
}

/** POST /api/family/bookings/{id}/cancel: the 24-hour rule of the e-mailed cancel link. */
export function useCancelFamilyBooking(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) =>
      apiPost<CancelBookingResponse>(`/api/family/bookings/${encodeURIComponent(bookingId)}/cancel`, {}),
    // Refused or not, the list is asked again: a refusal ("too late") may mean the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingsKey(email) }),
  });
}

/** POST /api/family/bookings/{id}/resend: the confirmation e-mail again, to the booking's address. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (bookingId: string) =>
      apiPost<{ success: true }>(`/api/family/bookings/${encodeURIComponent(bookingId)}/resend`, {}),
  });
}

/** "Add to calendar": a plain link, so the browser downloads the .ics with the family cookie. */
export const bookingIcsUrl = (bookingId: string) => `/api/family/bookings/${encodeURIComponent(bookingId)}/ics`;
