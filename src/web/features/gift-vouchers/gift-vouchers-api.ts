import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  GiftVoucherBalance,
  GiftVoucherPrint,
  GiftVoucherPurchaseInput,
  GiftVoucherPurchaseResponse,
} from '../../../shared/contracts/gift-vouchers';
import { apiGet, apiPost } from '../../lib/api';

/** POST /api/gift-vouchers: a voucher waiting for payment and its payment. */
export const useBuyGiftVoucher = () =>
  useMutation({
    mutationFn: (input: GiftVoucherPurchaseInput) => apiPost<GiftVoucherPurchaseResponse>('/api/gift-vouchers', input),
  });

/** A code check is asked for by a button, so it is a mutation: nothing caches a code. */
export const useCheckGiftVoucher = () =>
  useMutation({
    mutationFn: (code: string) => apiGet<GiftVoucherBalance>(`/api/gift-vouchers/${encodeURIComponent(code)}`),
  });

/** The printable voucher for a signed link; retried a few times while a just-made payment settles. */
export const usePrintableVoucher = (token: string | null) =>
  useQuery({
    queryKey: ['/api/gift-vouchers/print', token],
    enabled: !!token,
    queryFn: () => apiGet<GiftVoucherPrint>(`/api/gift-vouchers/print?token=${encodeURIComponent(token!)}`),
    retry: (n, err) => n < 5 && (err as { code?: string }).code === 'gift_voucher_not_active',
    retryDelay: 2000,
    staleTime: Infinity,
  });
