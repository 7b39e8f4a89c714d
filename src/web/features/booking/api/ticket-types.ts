import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { apiGet } from '../../../lib/api';

/** The cache key of one visit date's prices; null: today's (what step 1 and the kiosk show). */
export const ticketTypesKey = (date: string | null) => ['/api/ticket-types', date] as const;

/**
 * GET /api/ticket-types?date=: the ticket types priced for a visit on `date` (today's without one), so a
 * family booking a visit after a price change sees, and sends, the price the server will charge. While
 * a new date's prices load, the previous ones stay on screen (`isPlaceholderData` says so).
 */
export function useTicketTypes(date?: string) {
  return useQuery({
    queryKey: ticketTypesKey(date ?? null),
    queryFn: async () =>
      (await apiGet<{ ticketTypes: TicketTypeDto[] }>(`/api/ticket-types${date ? `?date=${date}` : ''}`)).ticketTypes,
    placeholderData: keepPreviousData,
  });
}
