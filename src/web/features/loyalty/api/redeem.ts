import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedeemRewardInput, RedeemRewardResponse } from '../../../../shared/contracts/loyalty';
import { apiPost } from '../../../lib/api';
import { achievementsKey, familyMemberKey, transactionsKey } from './loyalty-queries';

/**
 * POST /api/loyalty/redeem, with no code: the family session already proves the address (DECISIONS.md
 * "Families' data"). The answer carries the member's new points; the history is fetched again.
 */
export function useRedeem(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RedeemRewardInput) => apiPost<RedeemRewardResponse>('/api/loyalty/redeem', input),
    onSuccess: (res) => {
      queryClient.setQueryData(familyMemberKey(email), { member: res.member, nextLevel: res.nextLevel });
      void queryClient.invalidateQueries({ queryKey: transactionsKey(res.member.id) });
      void queryClient.invalidateQueries({ queryKey: achievementsKey(res.member.id) });
    },
  });
}
