import { useQuery } from '@tanstack/react-query';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { apiGet } from '../../../lib/api';

type TicketTypesResponse = { ticketTypes: TicketTypeDto[] } | TicketTypeDto[];

/** GET /api/ticket-types: the counters of step 1, priced from the database. */
export function useTicketTypes() {
  return useQuery({
    queryKey: ['/api/ticket-types'],
    queryFn: async () => {
      const data = await apiGet<TicketTypesResponse>('/api/ticket-types');
      return Array.isArray(data) ? data : data.ticketTypes;
    },
  });
}
