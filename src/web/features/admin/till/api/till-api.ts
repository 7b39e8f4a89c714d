import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CashMovementInput,
  CloseTillSessionInput,
  OpenTillSessionInput,
  ReceiptEmailResponse,
  RefundInput,
  Sale,
  SaleInput,
  SessionSalesResponse,
  TillCatalogue,
  ZReport,
} from '../../../../../shared/contracts/till';
import { apiGet, apiPost, apiRequest } from '../../../../lib/api';

/** The till's calls (src/shared/contracts/till.ts), in one place. */

export const tillCatalogueKey = ['/api/till/catalogue'] as const;
const saleUrl = (id: string) => `/api/till/sales/${encodeURIComponent(id)}`;
const sessionUrl = (id: string, rest = '') => `/api/till/sessions/${encodeURIComponent(id)}${rest}`;
export const reportKey = (sessionId: string) => ['till', 'report', sessionId] as const;
export const saleKey = (id: string) => ['till', 'sale', id] as const;
export const sessionSalesKey = (sessionId: string) => ['till', 'session-sales', sessionId] as const;

/** What the till can sell now; asked again each minute so the session's places left stay near true. */
export function useTillCatalogue() {
  return useQuery({
    queryKey: tillCatalogueKey,
    queryFn: () => apiGet<TillCatalogue>(tillCatalogueKey[0]),
    refetchInterval: 60_000,
  });
}

/** A till session as POST /api/till/sessions and GET /api/till/sessions/open answer it. */
export type TillSession = { id: string; till: string; openedBy: string; openedAt: string; floatPence: number };

export const openTillSession = (input: OpenTillSessionInput) => apiPost<TillSession>('/api/till/sessions', input);

/** The session already open on a till of this name (opened on another device), to carry on with here. */
export async function openSessionOf(till: string): Promise<TillSession | null> {
  const { sessions } = await apiGet<{ sessions: TillSession[] }>(
    `/api/till/sessions/open?till=${encodeURIComponent(till)}`,
  );
  return sessions[0] ?? null;
}

/** The Z report: also how the till learns its session is still open (closedAt null). */
export function useZReport(sessionId: string, poll = false) {
  return useQuery({
    queryKey: reportKey(sessionId),
    queryFn: () => apiGet<ZReport>(sessionUrl(sessionId, '/report')),
    // Asked again whenever a page opens it (the client's default keeps data for ever): it changes with every sale.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchInterval: poll ? 30_000 : false,
  });
}

export const createSale = (input: SaleInput) => apiPost<Sale>('/api/till/sales', input);
export const getSale = (id: string) => apiGet<Sale>(saleUrl(id));

/** A sale, asked for every second while its card is awaited on the reader. */
export function useSale(id: string, polling: boolean) {
  return useQuery({
    queryKey: saleKey(id),
    queryFn: () => getSale(id),
    refetchInterval: (q) => (polling && (!q.state.data || q.state.data.status === 'awaiting_card') ? 1000 : false),
  });
}

/**
 * Cancel on the till: the reader's screen cleared and the payment cancelled (paid if the card beat it); the
 * sale's own status, polled, says which.
 */
export const cancelCardSale = (id: string) => apiPost<unknown>(`${saleUrl(id)}/cancel-card`, {});

/** TEST MODE's simulated reader: a test card presented for the sale. */
export const presentTestCard = (saleId: string, cardNumber: string) =>
  apiPost<unknown>('/api/till/simulated-reader/present', { saleId, cardNumber });

export function useRefund(saleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RefundInput) => apiPost<unknown>(`${saleUrl(saleId)}/refund`, input),
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: saleKey(saleId) });
      await qc.invalidateQueries({ queryKey: ['till', 'session-sales'] });
    },
  });
}

/** The session's sales from the server, newest first (its operator's, or an admin's view). */
export function useSessionSales(sessionId: string) {
  return useQuery({
    queryKey: sessionSalesKey(sessionId),
    queryFn: () => apiGet<SessionSalesResponse>(sessionUrl(sessionId, '/sales')),
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

/** A paid sale's VAT receipt e-mailed to the customer. */
export const useReceiptEmail = (saleId: string) =>
  useMutation({
    mutationFn: (email: string) => apiPost<ReceiptEmailResponse>(`${saleUrl(saleId)}/receipt-email`, { email }),
  });

export const useCashMovement = (sessionId: string) =>
  useMutation({ mutationFn: (input: CashMovementInput) => apiPost<unknown>(sessionUrl(sessionId, '/cash'), input) });

export const useCloseTill = (sessionId: string) =>
  useMutation({
    mutationFn: (input: CloseTillSessionInput) => apiPost<unknown>(sessionUrl(sessionId, '/close'), input),
  });

/**
 * A card reader the till can send a sale to (GET /api/till/readers): a Stripe Terminal reader, or in TEST MODE
 * the built-in Simulated reader (`simulated`), whose card is typed into the till's panel.
 */
export type TillReader = { id: string; label: string; deviceType?: string; serialNumber?: string; simulated?: boolean };
export type TillReaders = { testMode: boolean; readers: TillReader[] };

export function useTillReaders() {
  return useQuery({ queryKey: ['/api/till/readers'], queryFn: () => apiGet<TillReaders>('/api/till/readers') });
}

export const switchUser = (input: { username: string; pin: string; tillSessionId?: string }) =>
  apiPost<unknown>('/api/till/switch-user', input);

/** Your own PIN; the password too, as a password change asks for it (a session left open is not enough). */
export const setOwnPin = (input: { pin: string; currentPassword: string }) =>
  apiRequest<unknown>('PUT', '/api/staff/pin', input);
