import { useMutation } from '@tanstack/react-query';
import type { CreateBookingInput, CreateBookingResponse } from '../../../../shared/contracts/booking';
import { apiPost } from '../../../lib/api';

/** POST /api/create-booking-payment: holds the places for 15 minutes and prepares the payment. */
export function useCreateBooking() {
  return useMutation({
    mutationFn: (payload: CreateBookingInput) => apiPost<CreateBookingResponse>('/api/create-booking-payment', payload),
  });
}
