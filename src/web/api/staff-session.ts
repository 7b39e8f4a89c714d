import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StaffMe, StaffSignInInput } from '../../shared/contracts/staff';
import { apiGet, apiPost } from '../lib/api';

export const staffMeKey = ['/api/staff/me'] as const;

/**
 * Everything cached belonged to whoever was signed in before. /api/staff/me itself is kept and
 * overwritten in place: a mounted useQuery keeps watching the query object it has, so clear() would
 * leave the StaffGate showing the old answer until something else re-rendered it.
 */
const forgetPreviousUser = (qc: QueryClient, me: StaffMe) => {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== staffMeKey[0] });
  qc.setQueryData(staffMeKey, me);
};

/** Who this browser is signed in as: nobody, a member of staff, or a kiosk device. */
export function useStaffMe() {
  return useQuery({ queryKey: staffMeKey, queryFn: () => apiGet<StaffMe>('/api/staff/me'), staleTime: 60_000 });
}

export function useStaffSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffSignInInput) => apiPost<StaffMe>('/api/staff/sign-in', input),
    onSuccess: (me) => forgetPreviousUser(qc, me),
  });
}

export function useStaffSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ success: true }>('/api/staff/sign-out', {}),
    onSuccess: () => forgetPreviousUser(qc, { signedIn: false }),
  });
}

export function useStartKioskMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => apiPost<StaffMe>('/api/staff/kiosk-mode', { label }),
    onSuccess: (me) => forgetPreviousUser(qc, me),
  });
}
