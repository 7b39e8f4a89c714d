import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountsRange,
  AccountsSettings,
  AccountsSettingsView,
  PayoutsReport,
  VatSummary,
} from '../../../../shared/contracts/accounts';
import { apiGet, apiRequest } from '../../../lib/api';

const settingsKey = ['/api/admin/accounts/settings'];

/** The accounts settings (issue 50). Admin only. */
export const useAccountsSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => apiGet<AccountsSettingsView>('/api/admin/accounts/settings') });

export function useSaveAccountsSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (o: { version: number; settings: AccountsSettings }) =>
      apiRequest<AccountsSettingsView>('PUT', '/api/admin/accounts/settings', o),
    onSuccess: (saved) => qc.setQueryData(settingsKey, saved),
  });
}

const q = (r: AccountsRange) => `from=${r.from}&to=${r.to}`;

export const useVatSummary = (range: AccountsRange) =>
  useQuery({
    queryKey: ['/api/admin/accounts/vat', range],
    queryFn: () => apiGet<VatSummary>(`/api/admin/accounts/vat?${q(range)}`),
  });

export const usePayouts = (range: AccountsRange) =>
  useQuery({
    queryKey: ['/api/admin/accounts/payouts', range],
    queryFn: () => apiGet<PayoutsReport>(`/api/admin/accounts/payouts?${q(range)}`),
  });
