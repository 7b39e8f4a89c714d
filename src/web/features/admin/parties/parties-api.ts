import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PartyNotesInput,
  PartyNotesResponse,
  PartyWeekResponse,
  StaffPartyCancelInput,
  StaffPartyCancelResponse,
  StaffPartyCreateInput,
  StaffPartyCreateResponse,
  StaffPartyMoveInput,
  StaffPartyMoveResponse,
  StaffPartySheetResponse,
} from '../../../../shared/contracts/admin-parties';
import { apiGet, apiPost, apiRequest } from '../../../lib/api';

const weekKey = (week: string) => ['/api/admin/parties', 'week', week] as const;
const sheetKey = (id: string) => ['/api/admin/parties', id] as const;
const allParties = ['/api/admin/parties'] as const;

/** A week of parties; refreshed every minute so a party booked online shows without a reload. */
export const usePartyWeek = (week: string) =>
  useQuery({
    queryKey: weekKey(week),
    queryFn: () => apiGet<PartyWeekResponse>(`/api/admin/parties?week=${encodeURIComponent(week)}`),
    refetchInterval: 60_000,
  });

export const usePartySheet = (id: string) =>
  useQuery({
    queryKey: sheetKey(id),
    queryFn: () => apiGet<StaffPartySheetResponse>(`/api/admin/parties/${encodeURIComponent(id)}`),
    gcTime: 0,
  });

/** A change to one party: afterwards the sheet and every week are asked again. */
function usePartyChange<In, Out>(send: (input: In) => Promise<Out>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => qc.invalidateQueries({ queryKey: allParties }) });
}

export const useSavePartyNotes = (id: string) =>
  usePartyChange((input: PartyNotesInput) =>
    apiRequest<PartyNotesResponse>('PATCH', `/api/admin/parties/${encodeURIComponent(id)}/notes`, input),
  );

export const useCancelParty = (id: string) =>
  usePartyChange((input: StaffPartyCancelInput) =>
    apiPost<StaffPartyCancelResponse>(`/api/admin/parties/${encodeURIComponent(id)}/cancel`, input),
  );

export const useMoveParty = (id: string) =>
  usePartyChange((input: StaffPartyMoveInput) =>
    apiPost<StaffPartyMoveResponse>(`/api/admin/parties/${encodeURIComponent(id)}/move`, input),
  );

export const useCreateParty = () =>
  usePartyChange((input: StaffPartyCreateInput) => apiPost<StaffPartyCreateResponse>('/api/admin/parties', input));
