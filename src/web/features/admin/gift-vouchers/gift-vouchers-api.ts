import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffGiftVoucherDetail, StaffGiftVoucherList } from '../../../../shared/contracts/gift-vouchers';
import { apiGet, apiPost } from '../../../lib/api';

const base = '/api/admin/gift-vouchers';

/** The list for a search (a whole code, the last four, a name or an e-mail), or the newest. */
export const useGiftVoucherList = (q: string) =>
  useQuery({
    queryKey: [base, q],
    queryFn: () => apiGet<StaffGiftVoucherList>(`${base}?q=${encodeURIComponent(q)}`),
  });

export const useGiftVoucherDetail = (id: string | null) =>
  useQuery({
    queryKey: [base, 'detail', id],
    enabled: !!id,
    queryFn: () => apiGet<StaffGiftVoucherDetail>(`${base}/${id}`),
  });

/** An admin's extend, void or reissue; answers the voucher as it is after (the new one for a reissue). */
export function useGiftVoucherAction(onDone: (v: StaffGiftVoucherDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: string; verb: 'extend' | 'void' | 'reissue'; body: unknown }) =>
      apiPost<StaffGiftVoucherDetail>(`${base}/${a.id}/${a.verb}`, a.body),
    onSuccess: (v) => {
      void client.invalidateQueries({ queryKey: [base] });
      onDone(v);
    },
  });
}
