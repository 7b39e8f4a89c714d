import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createStaffAccountSchema } from '../../../../shared/contracts/staff';
import type {
  ChangeOwnPasswordInput,
  StaffAccountsResponse,
  StaffSessionsResponse,
} from '../../../../shared/contracts/staff-accounts';
import { apiGet, apiPost } from '../../../lib/api';

export const staffAccountsKey = ['/api/staff/accounts'] as const;
export const staffSessionsKey = ['/api/staff/sessions'] as const;

/** Admin only. Polled every 30 s, so a device another admin ended drops off the list. */
export function useStaffAccounts(enabled = true) {
  return useQuery({
    queryKey: staffAccountsKey,
    queryFn: () => apiGet<StaffAccountsResponse>(staffAccountsKey[0]),
    refetchInterval: 30_000,
    enabled,
  });
}

export function useStaffSessions() {
  return useQuery({
    queryKey: staffSessionsKey,
    queryFn: () => apiGet<StaffSessionsResponse>(staffSessionsKey[0]),
    refetchInterval: 30_000,
  });
}

/** Every change here can change both lists (a deactivated account's sessions end with it). */
function useChange<I>(call: (input: I) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: staffAccountsKey });
      await qc.invalidateQueries({ queryKey: staffSessionsKey });
    },
  });
}

const accountUrl = (id: string, verb: string) => `${staffAccountsKey[0]}/${encodeURIComponent(id)}/${verb}`;

export const useAddAccount = () =>
  useChange((input: z.output<typeof createStaffAccountSchema>) => apiPost(staffAccountsKey[0], input));

export const useSetAccountActive = () =>
  useChange(({ id, active }: { id: string; active: boolean }) =>
    apiPost(accountUrl(id, active ? 'reactivate' : 'deactivate'), {}),
  );

export const useResetPassword = () =>
  useChange(({ id, newPassword }: { id: string; newPassword: string }) =>
    apiPost(accountUrl(id, 'reset-password'), { newPassword }),
  );

export const useEndSession = () =>
  useChange((id: string) => apiPost(`${staffSessionsKey[0]}/${encodeURIComponent(id)}/end`, {}));

/** Anyone signed in as staff. */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (input: ChangeOwnPasswordInput) => apiPost<{ success: true }>('/api/staff/password', input),
  });
}
