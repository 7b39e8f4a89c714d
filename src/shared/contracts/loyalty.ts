import { loyaltyProgramme } from '../venue';
import type { MembershipLevel, NextLevel } from './loyalty-levels';
import { z } from './zod';

/**
 * The loyalty API contract (SPEC.md sections 3, 5, 7, 9; DECISIONS.md "Loyalty"), shared by /loyalty and
 * the server. Points are whole numbers; the balance is derived from an append-only ledger.
 */

// The zod-free part (levels, e-mail normalising) lives in ./loyalty-levels so pages can use it without zod.
export * from './loyalty-levels';

export const rewardIds = loyaltyProgramme.rewards.map((r) => r.id) as [RewardId, ...RewardId[]];
export type RewardId = (typeof loyaltyProgramme.rewards)[number]['id'];
export type AchievementId = (typeof loyaltyProgramme.achievements)[number]['id'];

const emailSchema = z
  .string()
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));
const memberIdSchema = z.uuid('Unknown member');

/** GET /api/loyalty/member/{email} */
export const loyaltyEmailParamsSchema = z.object({ email: emailSchema });

/** GET /api/loyalty/transactions?memberId= */
export const memberQuerySchema = z.object({ memberId: memberIdSchema });
/** GET /api/loyalty/achievements[?memberId=]: with a member, each achievement says whether it is earned. */
export const achievementsQuerySchema = z.object({ memberId: memberIdSchema.optional() });

/**
 * POST /api/loyalty/redeem: `pointsCost` is what the page showed, a hint the server checks. The family
 * session is the proof (no second code, DECISIONS.md "Families' data").
 */
export const redeemRewardSchema = z.object({
  memberId: memberIdSchema,
  rewardId: z.enum(rewardIds, { message: 'Unknown reward' }),
  pointsCost: z.number().int().min(0).max(1_000_000),
});
export type RedeemRewardInput = z.infer<typeof redeemRewardSchema>;

export type LoyaltyMemberDto = {
  id: string;
  /** First name only: the lookup needs nothing but an e-mail address. */
  name: string;
  currentPoints: number;
  totalPoints: number;
  visitCount: number;
  membershipLevel: MembershipLevel;
};
export type MemberLookupResponse = { member: LoyaltyMemberDto; nextLevel: NextLevel | null };

export type RewardDto = {
  id: RewardId;
  icon: string;
  title: string;
  description: string;
  /** What the reward is worth, in words. */
  value: string;
  pointsCost: number;
  /** Where the voucher is used: online at booking, or shown to staff. */
  usedAt: 'booking' | 'venue';
};
export type RewardsResponse = { rewards: RewardDto[] };

export type AchievementDto = {
  id: AchievementId;
  icon: string;
  title: string;
  description: string;
  pointsReward: number;
  category: 'visits' | 'parties';
  earned: boolean;
};
export type AchievementsResponse = { achievements: AchievementDto[] };

export type LoyaltyTransactionDto = { id: string; description: string; points: number; createdAt: string };
export type TransactionsResponse = { transactions: LoyaltyTransactionDto[] };

export type VoucherDto = { code: string; rewardId: RewardId; title: string };
export type RedeemRewardResponse = { member: LoyaltyMemberDto; nextLevel: NextLevel | null; voucher: VoucherDto };

/** How each reward is described and used (venue.ts holds the names and costs). */
export const rewardDetails: Record<RewardId, { value: string; usedAt: RewardDto['usedAt'] }> = {
  'free-hot-drink': { value: 'One free hot drink', usedAt: 'venue' },
  'ten-percent-off': { value: '10% off one booking', usedAt: 'booking' },
  'free-session': { value: 'One child ticket (1-12 years) free', usedAt: 'booking' },
  'vip-party': { value: '20% off a party booking', usedAt: 'venue' },
};

export const achievementCategories: Record<AchievementId, AchievementDto['category']> = {
  'first-steps': 'visits',
  'regular-visitor': 'visits',
  'party-host': 'parties',
};
