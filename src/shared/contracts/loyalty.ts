import { loyaltyProgramme } from '../venue';
import { membershipLevels, type NextLevel } from './loyalty-levels';
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

export const loyaltyMemberDtoSchema = z.object({
  id: z.string(),
  /** First name only: the lookup needs nothing but an e-mail address. */
  name: z.string(),
  currentPoints: z.number().int(),
  totalPoints: z.number().int(),
  visitCount: z.number().int(),
  membershipLevel: z.enum(membershipLevels),
});
export type LoyaltyMemberDto = z.infer<typeof loyaltyMemberDtoSchema>;
/** NextLevel's schema (its type lives zod-free in ./loyalty-levels); the check below keeps the two equal. */
export const nextLevelSchema = z.object({
  name: z.string(),
  threshold: z.number().int(),
  pointsToGo: z.number().int(),
});
const nextLevelMatches: [NextLevel, z.infer<typeof nextLevelSchema>] extends [
  z.infer<typeof nextLevelSchema>,
  NextLevel,
]
  ? true
  : never = true;
void nextLevelMatches;
export const memberLookupResponseSchema = z.object({
  member: loyaltyMemberDtoSchema,
  nextLevel: nextLevelSchema.nullable(),
});
export type MemberLookupResponse = z.infer<typeof memberLookupResponseSchema>;

export const rewardDtoSchema = z.object({
  id: z.enum(rewardIds),
  icon: z.string(),
  title: z.string(),
  description: z.string(),
  /** What the reward is worth, in words. */
  value: z.string(),
  pointsCost: z.number().int(),
  /** Where the voucher is used: online at booking, or shown to staff. */
  usedAt: z.enum(['booking', 'venue']),
});
export type RewardDto = z.infer<typeof rewardDtoSchema>;
export const rewardsResponseSchema = z.object({ rewards: z.array(rewardDtoSchema) });
export type RewardsResponse = z.infer<typeof rewardsResponseSchema>;

const achievementIds = loyaltyProgramme.achievements.map((a) => a.id) as [AchievementId, ...AchievementId[]];
export const achievementDtoSchema = z.object({
  id: z.enum(achievementIds),
  icon: z.string(),
  title: z.string(),
  description: z.string(),
  pointsReward: z.number().int(),
  category: z.enum(['visits', 'parties']),
  earned: z.boolean(),
});
export type AchievementDto = z.infer<typeof achievementDtoSchema>;
export const achievementsResponseSchema = z.object({ achievements: z.array(achievementDtoSchema) });
export type AchievementsResponse = z.infer<typeof achievementsResponseSchema>;

export const loyaltyTransactionDtoSchema = z.object({
  id: z.string(),
  description: z.string(),
  points: z.number().int(),
  createdAt: z.string(),
});
export type LoyaltyTransactionDto = z.infer<typeof loyaltyTransactionDtoSchema>;
export const transactionsResponseSchema = z.object({ transactions: z.array(loyaltyTransactionDtoSchema) });
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>;

export const voucherDtoSchema = z.object({ code: z.string(), rewardId: z.enum(rewardIds), title: z.string() });
export type VoucherDto = z.infer<typeof voucherDtoSchema>;
export const redeemRewardResponseSchema = memberLookupResponseSchema.extend({ voucher: voucherDtoSchema });
export type RedeemRewardResponse = z.infer<typeof redeemRewardResponseSchema>;

/** How each reward is described and used (venue.ts holds the names and costs). */
export const rewardDetails: Record<RewardId, { value: string; usedAt: RewardDto['usedAt'] }> = {
  'free-hot-drink': { value: 'One free hot drink', usedAt: 'venue' },
  'ten-percent-off': { value: '10% off one booking', usedAt: 'booking' },
  'free-session': { value: 'One child ticket (1-12 years) free', usedAt: 'booking' },
  'vip-party': { value: '20% off a party booking', usedAt: 'venue' },
};

/**
 * Where a reward's voucher code is used, in words (the rewards store and the voucher e-mail say the same).
 * The VIP Party Discount is typed when a party is booked online; staff can still take it for a party booked
 * by phone, which is why it is listed with the vouchers used at the venue.
 */
export function rewardUseText(rewardId: RewardId, usedAt: RewardDto['usedAt']): string {
  if (rewardId === 'vip-party') return 'Use the voucher code when you book your party online.';
  return usedAt === 'booking' ? 'Use the voucher code when you book online.' : 'Show the voucher code to our staff.';
}

export const achievementCategories: Record<AchievementId, AchievementDto['category']> = {
  'first-steps': 'visits',
  'regular-visitor': 'visits',
  'party-host': 'parties',
};
