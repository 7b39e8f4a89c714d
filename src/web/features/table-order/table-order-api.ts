import { useQuery } from '@tanstack/react-query';
import type {
  CafeMenuResponse,
  CafeOrderView,
  CreateCafeOrder,
  CreateCafeOrderResponse,
} from '../../../shared/contracts/cafe-orders';
import { ApiError, apiGet, apiPost } from '../../lib/api';

/** GET /api/cafe/menu?table=: the table's menu; a bad or old QR token answers 404 with the server's words. */
export function useTableMenu(token: string) {
  return useQuery({
    queryKey: ['/api/cafe/menu', token],
    queryFn: () => apiGet<CafeMenuResponse>(`/api/cafe/menu?table=${encodeURIComponent(token)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    // Sold-out switches count at once: asked again whenever the menu shows or the phone comes back to it.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });
}

export const createCafeOrder = (body: CreateCafeOrder) => apiPost<CreateCafeOrderResponse>('/api/cafe/orders', body);

export const fetchCafeOrder = (id: string, secret: string) =>
  apiGet<CafeOrderView>(`/api/cafe/orders/${encodeURIComponent(id)}`, { 'x-order-secret': secret });

export const cafeOrderStreamUrl = (id: string, secret: string) =>
  `/api/cafe/orders/${encodeURIComponent(id)}/stream?secret=${encodeURIComponent(secret)}`;
