import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMe, StaffSignInInput } from '../../shared/contracts/staff';
import { apiGet, apiPost } from '../lib/api';

export const staffMeKey = ['/api/staff/me'] as const;

/** Who this browser is signed in as: nobody, a member of staff, or a kiosk device. */
export function useStaffMe() {
  return useQuery({ queryKey: staffMeKey, queryFn: () => apiGet<StaffMe>('/api/staff/me'), staleTime: 60_000 });
}

export function useStaffSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffSignInInput) => apiPost<StaffMe>('/api/staff/sign-in', input),
    // Everything cached belonged to whoever was signed in before.
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(staffMeKey, me);
    },
  });
}

export function useStaffSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ success: true }>('/api/staff/sign-out', {}),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(staffMeKey, { signedIn: false } satisfies StaffMe);
    },
  });
}

export function useStartKioskMode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => apiPost<StaffMe>('/api/staff/kiosk-mode', { label }),
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(staffMeKey, me);
    },
  });
}
