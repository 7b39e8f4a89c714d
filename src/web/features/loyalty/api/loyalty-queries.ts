import { useQuery } from '@tanstack/react-query';
import type {
  AchievementsResponse,
  MemberLookupResponse,
  RewardsResponse,
  TransactionsResponse,
} from '../../../../shared/contracts/loyalty';
import { apiGet } from '../../../lib/api';

// A member's own data is the family's: its keys start with '/api/family' so confirming or signing out
// (api/family-session.ts familyChanged) asks for all of it again. The address is in the key so one
// family's cached points never show, even for a moment, after another family confirms on this browser.
export const familyMemberKey = (email: string) => ['/api/family', 'loyalty', email] as const;
export const achievementsKey = (memberId: string) => ['/api/family', 'loyalty', 'achievements', memberId] as const;
/** Refreshed after every redemption. */
export const transactionsKey = (memberId: string) => ['/api/family', 'loyalty', 'transactions', memberId] as const;

/** GET /api/family/loyalty: the confirmed address's member, or 404 "Member not found". Off until confirmed. */
export function useFamilyMember(email: string | null) {
  return useQuery({
    queryKey: familyMemberKey(email ?? ''),
    enabled: email !== null,
    queryFn: () => apiGet<MemberLookupResponse>('/api/family/loyalty'),
  });
}

export function useRewards() {
  return useQuery({
    queryKey: ['/api/loyalty/rewards'],
    queryFn: () => apiGet<RewardsResponse>('/api/loyalty/rewards'),
  });
}

export function useAchievements(memberId: string) {
  return useQuery({
    queryKey: achievementsKey(memberId),
    queryFn: () => apiGet<AchievementsResponse>(`/api/loyalty/achievements?memberId=${encodeURIComponent(memberId)}`),
  });
}

export function useTransactions(memberId: string) {
  return useQuery({
    queryKey: transactionsKey(memberId),
    queryFn: () => apiGet<TransactionsResponse>(`/api/loyalty/transactions?memberId=${encodeURIComponent(memberId)}`),
  });
}
