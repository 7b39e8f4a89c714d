import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingStatusResponse } from '../../../../shared/contracts/booking';
import { apiGet } from '../../../lib/api';
import { bookingSecretFor } from '../lib/pending-booking';

const settling = new Set(['pending', 'processing']);

/**
 * GET /api/bookings/{id}: only the server says a booking is paid. While it is still settling the
 * page asks again a few times (a card confirms in seconds; a bank debit stays processing for days).
 * The server answers only the browser that made the booking (the secret it kept) or the family's session.
 */
export function useBookingStatus(bookingId: string | null, opts: { pollTimes?: number; pollMs?: number } = {}) {
  const { pollTimes = 0, pollMs = 2000 } = opts;
  const queryKey = ['/api/bookings', bookingId];
  const query = useQuery({
    queryKey,
    enabled: !!bookingId,
    queryFn: () => {
      const secret = bookingSecretFor(bookingId!);
      return apiGet<BookingStatusResponse>(
        `/api/bookings/${encodeURIComponent(bookingId!)}`,
        secret ? { 'x-booking-secret': secret } : undefined,
      );
    },
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && settling.has(status) && query.state.dataUpdateCount <= pollTimes ? pollMs : false;
    },
  });
  const updates = useQueryClient().getQueryState(queryKey)?.dataUpdateCount ?? 0;
  /** True while the page is still asking again for a settling booking. */
  const polling = !!query.data && settling.has(query.data.status) && updates <= pollTimes;
  return { ...query, polling };
}
