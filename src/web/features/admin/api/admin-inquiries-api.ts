import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BirthdayInquiriesResponse,
  DraftResponseResult,
  InquiriesResponse,
  MarkPartyBookedResponse,
  MarkRespondedResponse,
} from '../../../../shared/contracts/admin-inquiries';
import { apiGet, apiPost } from '../../../lib/api';

/** SPEC.md section 7: both inquiry lists are polled every 30 s. */
const POLL_MS = 30_000;

export const inquiriesKey = ['/api/admin/inquiries'] as const;
export const birthdayInquiriesKey = ['/api/admin/birthday-inquiries'] as const;

export function useInquiries() {
  return useQuery({
    queryKey: inquiriesKey,
    queryFn: () => apiGet<InquiriesResponse>(inquiriesKey[0]),
    refetchInterval: POLL_MS,
  });
}

export function useBirthdayInquiries() {
  return useQuery({
    queryKey: birthdayInquiriesKey,
    queryFn: () => apiGet<BirthdayInquiriesResponse>(birthdayInquiriesKey[0]),
    refetchInterval: POLL_MS,
  });
}

/** After a mark, both lists are read again: either may hold the enquiry. */
function useRefreshLists() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: inquiriesKey }),
      qc.invalidateQueries({ queryKey: birthdayInquiriesKey }),
    ]);
}

export function useMarkResponded() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<MarkRespondedResponse>(`/api/admin/inquiries/${encodeURIComponent(id)}/mark-responded`, {}),
    onSuccess: refresh,
  });
}

export function useMarkPartyBooked() {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<MarkPartyBookedResponse>(`/api/admin/inquiries/${encodeURIComponent(id)}/mark-party-booked`, {}),
    onSuccess: refresh,
  });
}

export function useDraftResponse() {
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<DraftResponseResult>(`/api/admin/inquiries/${encodeURIComponent(id)}/draft-response`, {}),
  });
}
