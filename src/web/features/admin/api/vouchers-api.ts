import { useMutation } from '@tanstack/react-query';
import type { VenueVoucherResponse } from '../../../../shared/contracts/venue-vouchers';
import { apiGet, apiPost } from '../../../lib/api';

const voucherUrl = (code: string) => `/api/admin/vouchers/${encodeURIComponent(code)}`;

/** A look-up is asked for by a button, so it is a mutation: nothing polls or caches a code. */
export const useLookUpVoucher = () =>
  useMutation({ mutationFn: (code: string) => apiGet<VenueVoucherResponse>(voucherUrl(code)) });

export const useUseVoucher = () =>
  useMutation({ mutationFn: (code: string) => apiPost<VenueVoucherResponse>(`${voucherUrl(code)}/use`, {}) });
