import { useState } from 'react';
import {
  rewardUseText,
  type LoyaltyMemberDto,
  type RewardDto,
  type VoucherDto,
} from '../../../../shared/contracts/loyalty';
import { primaryButton, Spinner } from '../../../components/ui/primitives';
import { useRewards } from '../api/loyalty-queries';
import { RedeemConfirmDialog } from './redeem-confirm-dialog';

/**
 * The rewards store: a reward the member cannot afford shows "Not enough points" (SPEC.md section 5).
 * Redeem asks "Redeem <reward> for N points?" in a dialog; Confirm spends the points.
 */
export function RewardsStore({
  email,
  member,
  onRedeemed,
}: {
  email: string;
  member: LoyaltyMemberDto;
  onRedeemed: (v: VoucherDto) => void;
}) {
  const rewards = useRewards();
  const [confirming, setConfirming] = useState<RewardDto | null>(null);

  if (rewards.isPending) return <Spinner label="Loading rewards..." />;
  if (rewards.isError)
    return (
      <p className="rounded-2xl bg-white p-4 text-slate-800">
        We could not load the rewards just now. Please try again later.
      </p>
    );
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2">
        {rewards.data.rewards.map((r) => {
          const affordable = member.currentPoints >= r.pointsCost;
          return (
            <li key={r.id} className="flex flex-col rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex items-start gap-3">
                <span aria-hidden className="text-3xl">
                  {r.icon}
                </span>
                <div className="flex-1">
                  <h3 className="text-lg font-bold text-slate-900">{r.title}</h3>
                  <p className="text-slate-700">{r.description}</p>
                  <p className="mt-1 text-sm text-slate-700">{rewardUseText(r.id, r.usedAt)}</p>
                </div>
                <span className="shrink-0 rounded-full bg-brand-700 px-3 py-1 text-sm font-bold text-white">
                  {r.pointsCost} pts
                </span>
              </div>
              <button
                type="button"
                className={`${primaryButton} mt-4 w-full`}
                disabled={!affordable}
                aria-label={affordable ? `Redeem ${r.title} for ${r.pointsCost} points` : undefined}
                onClick={() => setConfirming(r)}
              >
                {affordable ? 'Redeem' : 'Not enough points'}
              </button>
            </li>
          );
        })}
      </ul>
      {confirming ? (
        <RedeemConfirmDialog
          email={email}
          memberId={member.id}
          reward={confirming}
          onClose={() => setConfirming(null)}
          onRedeemed={(v) => {
            setConfirming(null);
            onRedeemed(v);
          }}
        />
      ) : null}
    </>
  );
}
