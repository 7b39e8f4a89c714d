import { useQuery } from '@tanstack/react-query';
import type { OutboxResponse } from '../../../../shared/contracts/admin-outbox';
import { apiGet } from '../../../lib/api';

export const outboxKey = ['/api/admin/outbox'] as const;

export function useOutbox() {
  return useQuery({
    queryKey: outboxKey,
    queryFn: () => apiGet<OutboxResponse>(outboxKey[0]),
    refetchInterval: 30_000,
  });
}
