import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogQuery, AuditLogResponse } from '../../../../shared/contracts/staff-accounts';
import { apiGet } from '../../../lib/api';

/** Newest first, 50 a page; "Show older" follows the server's cursor. Admin only. */
export function useAuditLog(filters: AuditLogQuery) {
  return useInfiniteQuery({
    queryKey: ['/api/admin/audit-log', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...filters, before: pageParam ?? undefined })) if (v) params.set(k, v);
      return apiGet<AuditLogResponse>(`/api/admin/audit-log?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
