import {
  achievementsQuerySchema,
  loyaltyEmailParamsSchema,
  memberQuerySchema,
  normaliseLoyaltyEmail,
  redeemRewardSchema,
  type AchievementsResponse,
  type RewardsResponse,
  type TransactionsResponse,
} from '../../shared/contracts/loyalty';
import { voucherCodeParamsSchema, type VenueVoucherResponse } from '../../shared/contracts/venue-vouchers';
import { enforceRateLimit, rateLimits } from '../abuse/rate-limit';
import { publicUrlOf } from '../config';
import type { AppContext } from '../context';
import type { RouteScopes } from '../http/route-scopes';
import { requireFamilyFor } from '../families/family-cookie';
import { parseInput } from '../http/errors';
import { requireStaff } from '../staff/require-staff';
import { listAchievements, listTransactions, lookupMember } from './lookup-member';
import { redeemReward } from './redeem-reward';
import { requireOwnMember } from './member-access';
import { listRewards } from './rewards';
import { lookUpVenueVoucher, useVenueVoucher } from './venue-vouchers';

/**
 * /api/loyalty/* (SPEC.md section 7): the member view, the store and redemption. Everything about a member
 * needs the family session of the member's address (DECISIONS.md "Families' data"); inside it redemption
 * needs no second code: the family's e-mailed sign-in code was the proof.
 */
export function loyaltyRoutes({ publicApp: app, staffApp }: RouteScopes, ctx: AppContext): void {
  app.get('/api/loyalty/member/:email', async (request, reply) => {
    await enforceRateLimit(ctx, request, rateLimits.loyaltyLookup);
    const { email } = parseInput(loyaltyEmailParamsSchema, request.params);
    reply.header('cache-control', 'no-store');
    // "Member not found" only once the address is proven: before that, 401 for every address alike.
    const session = await requireFamilyFor(ctx, request, normaliseLoyaltyEmail(email));
    return lookupMember(ctx.db, session.email);
  });

  app.get('/api/loyalty/rewards', async (): Promise<RewardsResponse> => ({ rewards: listRewards() }));

  app.get('/api/loyalty/achievements', async (request, reply): Promise<AchievementsResponse> => {
    await enforceRateLimit(ctx, request, rateLimits.lookup);
    const { memberId } = parseInput(achievementsQuerySchema, request.query);
    if (memberId) await requireOwnMember(ctx, request, memberId);
    reply.header('cache-control', 'no-store');
    return { achievements: await listAchievements(ctx.db, memberId) };
  });

  app.get('/api/loyalty/transactions', async (request, reply): Promise<TransactionsResponse> => {
    await enforceRateLimit(ctx, request, rateLimits.lookup);
    const { memberId } = parseInput(memberQuerySchema, request.query);
    await requireOwnMember(ctx, request, memberId);
    reply.header('cache-control', 'no-store');
    return { transactions: await listTransactions(ctx.db, memberId) };
  });

  app.post('/api/loyalty/redeem', async (request) => {
    await enforceRateLimit(ctx, request, rateLimits.loyaltyRedeem);
    const input = parseInput(redeemRewardSchema, request.body);
    await requireOwnMember(ctx, request, input.memberId);
    const result = await redeemReward({ db: ctx.db, input, now: ctx.now(), siteUrl: publicUrlOf(ctx) });
    ctx.wakeMailer();
    return result;
  });

  // Staff at the till (DECISIONS.md "Staff accounts and devices"): a free hot drink or the party discount,
  // looked up by its code and marked used once.
  staffApp.get('/api/admin/vouchers/:code', async (request, reply): Promise<VenueVoucherResponse> => {
    await requireStaff(ctx, request);
    const { code } = parseInput(voucherCodeParamsSchema, request.params);
    void reply.header('cache-control', 'no-store');
    return { voucher: await lookUpVenueVoucher(ctx.db, code) };
  });

  staffApp.post('/api/admin/vouchers/:code/use', async (request): Promise<VenueVoucherResponse> => {
    const staff = await requireStaff(ctx, request);
    const { code } = parseInput(voucherCodeParamsSchema, request.params);
    const now = ctx.now();
    const voucher = await ctx.db.transaction((tx) => useVenueVoucher(tx, { typed: code, actor: staff.username, now }));
    return { voucher };
  });
}
