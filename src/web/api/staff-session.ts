import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StaffMe, StaffSignInInput } from '../../shared/contracts/staff';
import { apiGet, apiPost } from '../lib/api';

export const staffMeKey = ['/api/staff/me'] as const;

/**
 * Everything cached belonged to whoever was signed in before, except who is signed in now. Not
 * qc.clear(): that also detaches the mounted gate's observer from the "me" query, so the gate
 * would keep showing the sign-in form after a successful sign-in.
 */
function switchPrincipal(qc: QueryClient, me: StaffMe) {
  qc.setQueryData(staffMeKey, me);
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== staffMeKey[0] });
}

/** Who this browser is signed in as: nobody, a member of staff, or a kiosk device. */
export function useStaffMe() {
  return useQuery({ queryKey: staffMeKey, queryFn: () => apiGet<StaffMe>('/api/staff/me'), staleTime: 60_000 });
}

export function useStaffSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffSignInInput) => apiPost<StaffMe>('/api/staff/sign-in', input),
    onSuccess: (me) => switchPrincipal(qc, me),
  });
}

export function useStaffSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ success: true }>('/api/staff/sign-out', {}),
    onSuccess: () => switchPrincipal(qc, { signedIn: false }),
  });
}

export function useStartKioskMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => apiPost<StaffMe>('/api/staff/kiosk-mode', { label }),
    onSuccess: (me) => switchPrincipal(qc, me),
  });
}
