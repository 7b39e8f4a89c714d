import { useQuery } from '@tanstack/react-query';
import type { AvailabilityRangeResponse } from '../../../../shared/contracts/booking';
import { apiGet } from '../../../lib/api';

/**
 * The whole bookable window in ONE request (not one per day as SPEC.md's original did): each date's places
 * and band of days, and the bands with their from-prices for the calendar's legend.
 * Refreshed after a minute: places sell while a family fills in the form.
 */
export function useAvailability(range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['/api/calendar/availability', range.from, range.to],
    queryFn: async () => {
      const data = await apiGet<AvailabilityRangeResponse>(
        `/api/calendar/availability?from=${range.from}&to=${range.to}`,
      );
      return { byDate: new Map(data.dates.map((d) => [d.date, d])), bands: data.bands };
    },
    staleTime: 60_000,
  });
}
