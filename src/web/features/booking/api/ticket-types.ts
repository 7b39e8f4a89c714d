import { useQuery } from '@tanstack/react-query';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { apiGet } from '../../../lib/api';

/** GET /api/ticket-types: the counters of step 1, priced from the database. */
export function useTicketTypes() {
  return useQuery({
    queryKey: ['/api/ticket-types'],
    queryFn: async () => (await apiGet<{ ticketTypes: TicketTypeDto[] }>('/api/ticket-types')).ticketTypes,
  });
}
