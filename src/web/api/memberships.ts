import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelMembershipResponse,
  CoolingOffPreview,
  FutureVisitsChoice,
  FamilyMembershipsResponse,
  JoinMembershipInput,
  JoinMembershipResponse,
  MembershipPlansResponse,
  ReplaceCardResponse,
  UpdateCardResponse,
} from '../../shared/contracts/memberships';
import { apiGet, apiPost } from '../lib/api';

/** GET /api/memberships/plans: the plans on sale (public). */
export function useMembershipPlans() {
  return useQuery({
    queryKey: ['/api/memberships/plans'],
    queryFn: () => apiGet<MembershipPlansResponse>('/api/memberships/plans'),
  });
}

/**
 * The family's own memberships, keyed by the address as the other family lists are: the '/api/family'
 * prefix makes a sign-in or sign-out refresh or drop them (api/family-session.ts).
 */
export const familyMembershipsKey = (email: string) => ['/api/family', 'memberships', email] as const;

export function useFamilyMemberships(email: string) {
  return useQuery({
    queryKey: familyMembershipsKey(email),
    queryFn: () => apiGet<FamilyMembershipsResponse>('/api/family/memberships'),
  });
}

/** POST /api/memberships: the membership, pending until its first payment, and that payment's secret. */
export function useJoinMembership() {
  return useMutation({
    mutationFn: (input: JoinMembershipInput) => apiPost<JoinMembershipResponse>('/api/memberships', input),
  });
}

/** POST /api/family/memberships/:id/cancel: the membership as it is after, the refund and the server's words. */
export function useCancelMembership(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: string; mode: 'end_of_period' | 'cooling_off'; futureVisits?: FutureVisitsChoice }) =>
      apiPost<CancelMembershipResponse>(`/api/family/memberships/${a.id}/cancel`, {
        mode: a.mode,
        ...(a.futureVisits ? { futureVisits: a.futureVisits } : {}),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: familyMembershipsKey(email) }),
  });
}

/**
 * GET /api/family/memberships/:id/cooling-off: the refund, the visits made and the visits booked ahead, read
 * afresh each time the cancel dialog asks (never from the cache: a visit may have been made since).
 */
export function useCoolingOffPreview(email: string, id: string, enabled: boolean) {
  return useQuery({
    // Not under familyMembershipsKey: the list's refresh after the cancel must not ask an ended membership again.
    queryKey: ['/api/family', 'cooling-off', email, id],
    queryFn: () => apiGet<CoolingOffPreview>(`/api/family/memberships/${id}/cooling-off`),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * POST /api/family/memberships/:id/update-card (a renewal failed): Stripe's Billing Portal page to go to, or in
 * TEST MODE the overdue month's payment for the card form.
 */
export function useUpdateCard() {
  return useMutation({
    mutationFn: (id: string) => apiPost<UpdateCardResponse>(`/api/family/memberships/${id}/update-card`, {}),
  });
}

/** After a payment the list is read again (the status and dates changed). */
export function useRefreshMemberships(email: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: familyMembershipsKey(email) });
}

/** POST /api/family/memberships/:id/replace-card (issue 46): a new member card; the old one stops at once. */
export function useReplaceMemberCard(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<ReplaceCardResponse>(`/api/family/memberships/${id}/replace-card`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: familyMembershipsKey(email) }),
  });
}
