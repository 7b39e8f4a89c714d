import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminMembershipAction,
  AdminMembershipsResponse,
  FamilyMembership,
  MembershipStatus,
} from '../../../../shared/contracts/memberships';
import { apiGet, apiPost } from '../../../lib/api';

const base = '/api/admin/memberships';

/** GET /api/admin/memberships: a search by name, e-mail or member number, and a status; newest first. */
export const useMembersList = (q: string, status: MembershipStatus | '') =>
  useQuery({
    queryKey: [base, q, status],
    queryFn: () => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (status) params.set('status', status);
      const search = params.toString();
      return apiGet<AdminMembershipsResponse>(search ? `${base}?${search}` : base);
    },
  });

/** POST /api/admin/memberships/:id/{pause,resume,end} (admins), with the reason kept in the audit log. */
export function useMemberAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: string; action: AdminMembershipAction; reason: string }) =>
      apiPost<{ membership: FamilyMembership }>(`${base}/${a.id}/${a.action}`, { reason: a.reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: [base] }),
  });
}
