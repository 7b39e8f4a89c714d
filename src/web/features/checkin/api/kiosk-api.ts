import { useMutation, useQuery } from '@tanstack/react-query';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import type {
  AvailableSessionsResponse,
  CheckInInput,
  CheckInResponse,
  CheckOutInput,
  CheckOutResponse,
  FindTicketsInput,
  FindTicketsResponse,
  SearchTicketsResponse,
  WalkInInput,
  WalkInResponse,
} from '../../../../shared/contracts/checkin';
import type {
  KioskAcceptAgreementInput,
  KioskAcceptAgreementResponse,
} from '../../../../shared/contracts/kiosk-agreement';
import type {
  MemberOfferInput,
  MemberOfferResponse,
  MemberWalkInInput,
  MemberWalkInResponse,
} from '../../../../shared/contracts/member-walk-in';
import { apiGet, apiPost } from '../../../lib/api';

/** POST /api/check-in/find: a scan, a reference, or surname and phone digits; a mutation, as each is a fresh question. */
export function useFindTickets() {
  return useMutation({
    mutationFn: (input: FindTicketsInput) => apiPost<FindTicketsResponse>('/api/check-in/find', input),
  });
}

/** POST /api/check-in/search-all-tickets: staff only, by name. */
export function useSearchTickets() {
  return useMutation({
    mutationFn: (customerName: string) =>
      apiPost<SearchTicketsResponse>('/api/check-in/search-all-tickets', { customerName }),
  });
}

export function useCheckIn() {
  return useMutation({
    mutationFn: (input: CheckInInput) => apiPost<CheckInResponse>('/api/check-in/check-in', input),
  });
}

/** POST /api/check-in/agreement: the adult accepts the rules of play on the tablet (issue 39). */
export function useAcceptAgreementAtKiosk() {
  return useMutation({
    mutationFn: (input: KioskAcceptAgreementInput) =>
      apiPost<KioskAcceptAgreementResponse>('/api/check-in/agreement', input),
  });
}

export function useWalkIn() {
  return useMutation({ mutationFn: (input: WalkInInput) => apiPost<WalkInResponse>('/api/check-in/walk-in', input) });
}

/** POST /api/check-in/member-offer: what a member card with no booking today offers now (issue 40). */
export function useMemberOffer() {
  return useMutation({
    mutationFn: (input: MemberOfferInput) => apiPost<MemberOfferResponse>('/api/check-in/member-offer', input),
  });
}

/** POST /api/check-in/member-walk-in: the offer accepted; a retry with the same requestId answers the same visit. */
export function useMemberWalkIn() {
  return useMutation({
    mutationFn: (input: MemberWalkInInput) => apiPost<MemberWalkInResponse>('/api/check-in/member-walk-in', input),
  });
}

export function useCheckOut() {
  return useMutation({
    mutationFn: (input: CheckOutInput) => apiPost<CheckOutResponse>('/api/check-in/check-out', input),
  });
}

/** Today's sessions for "Other Sessions Today"; places sell during the day, so a minute is fresh enough. */
export function useAvailableSessions(date: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/available-sessions', date],
    queryFn: async () => (await apiGet<AvailableSessionsResponse>(`/api/available-sessions/${date}`)).sessions,
    staleTime: 60_000,
    enabled,
  });
}

/** GET /api/ticket-types: today's prices, as the booking page sells at (same key and shape as its hook's, no date). */
export function useTicketPrices(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/ticket-types', null],
    queryFn: async () => (await apiGet<{ ticketTypes: TicketTypeDto[] }>('/api/ticket-types')).ticketTypes,
    enabled,
  });
}
