import { useQuery } from '@tanstack/react-query';
import type {
  AchievementsResponse,
  MemberLookupResponse,
  RewardsResponse,
  TransactionsResponse,
} from '../../../../shared/contracts/loyalty';
import { apiGet } from '../../../lib/api';

/** GET /api/loyalty/member/{email}: the page fetches it on "Access My Account" and reads it from the cache after. */
export const memberKey = (email: string) => ['/api/loyalty/member', email] as const;
export const fetchMember = (email: string) =>
  apiGet<MemberLookupResponse>(`/api/loyalty/member/${encodeURIComponent(email)}`);

export function useMember(email: string) {
  return useQuery({ queryKey: memberKey(email), queryFn: () => fetchMember(email) });
}

export function useRewards() {
  return useQuery({
    queryKey: ['/api/loyalty/rewards'],
    queryFn: () => apiGet<RewardsResponse>('/api/loyalty/rewards'),
  });
}

export const achievementsKey = (memberId: string) => ['/api/loyalty/achievements', memberId] as const;
export function useAchievements(memberId: string) {
  return useQuery({
    queryKey: achievementsKey(memberId),
    queryFn: () => apiGet<AchievementsResponse>(`/api/loyalty/achievements?memberId=${encodeURIComponent(memberId)}`),
  });
}

/** Keyed by member id (SPEC.md section 7); refreshed after every redemption. */
export const transactionsKey = (memberId: string) => ['/api/loyalty/transactions', memberId] as const;
export function useTransactions(memberId: string) {
  return useQuery({
    queryKey: transactionsKey(memberId),
    queryFn: () => apiGet<TransactionsResponse>(`/api/loyalty/transactions?memberId=${encodeURIComponent(memberId)}`),
  });
}
