import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RedeemRewardInput,
  RedeemRewardResponse,
  RequestRedemptionCodeInput,
  RequestRedemptionCodeResponse,
} from '../../../../shared/contracts/loyalty';
import { apiPost } from '../../../lib/api';
import { achievementsKey, memberKey, transactionsKey } from './loyalty-queries';

/** POST /api/loyalty/redeem/request-code: the server e-mails the member a 6-digit code. */
export function useRequestCode() {
  return useMutation({
    mutationFn: (input: RequestRedemptionCodeInput) =>
      apiPost<RequestRedemptionCodeResponse>('/api/loyalty/redeem/request-code', input),
  });
}

/** POST /api/loyalty/redeem: the answer carries the member's new points; the history is fetched again. */
export function useRedeem(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RedeemRewardInput) => apiPost<RedeemRewardResponse>('/api/loyalty/redeem', input),
    onSuccess: (res) => {
      queryClient.setQueryData(memberKey(email), { member: res.member, nextLevel: res.nextLevel });
      void queryClient.invalidateQueries({ queryKey: transactionsKey(res.member.id) });
      void queryClient.invalidateQueries({ queryKey: achievementsKey(res.member.id) });
    },
  });
}
