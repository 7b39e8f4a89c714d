import { useQuery } from '@tanstack/react-query';
import type { GiftVoucherBalance } from '../../../../shared/contracts/gift-vouchers';
import { apiGet } from '../../../lib/api';

/**
 * Whether the voucher field holds a whole gift voucher code (GV- and 20 characters; loyalty codes are
 * PTB- and 8): only then is its balance asked for, so half-typed codes cost no checks (they are rate limited).
 */
export function giftCodeIn(typed: string): string | null {
  const bare = typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const raw = bare.startsWith('GV') && bare.length === 22 ? bare.slice(2) : bare;
  return raw.length === 20 && !raw.startsWith('PTB') ? raw : null;
}

/**
 * GET /api/gift-vouchers/{code} for the code typed at checkout, to show what it will pay before the
 * booking is made (the server decides again when it is). Asked once per code: no refetching a code.
 */
export function useGiftVoucherBalance(typed: string) {
  const code = giftCodeIn(typed);
  return useQuery({
    queryKey: ['/api/gift-vouchers', code],
    enabled: !!code,
    queryFn: () => apiGet<GiftVoucherBalance>(`/api/gift-vouchers/${encodeURIComponent(code!)}`),
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
