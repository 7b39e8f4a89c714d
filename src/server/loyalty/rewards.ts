import { rewardDetails, type RewardDto, type RewardId } from '../../shared/contracts/loyalty';
import { loyaltyProgramme } from '../../shared/venue';

/** The rewards store, from venue.ts: names and costs live there once. */
export function listRewards(): RewardDto[] {
  return loyaltyProgramme.rewards.map((r) => ({
    id: r.id,
    icon: r.icon,
    title: r.title,
    description: r.description,
    pointsCost: r.pointsCost,
    ...rewardDetails[r.id],
  }));
}

export function rewardById(id: RewardId): RewardDto {
  const reward = listRewards().find((r) => r.id === id);
  if (!reward) throw new Error(`unknown reward ${id}`); // the shared schema admits only known ids
  return reward;
}
