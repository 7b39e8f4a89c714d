import type { RedeemRewardInput, RedeemRewardResponse } from '../../shared/contracts/loyalty';
import { publicCatalogue } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { voucherMail } from './loyalty-mails';
import { appendLedgerEntry, lockMemberById, memberView, pointTotals } from './loyalty-ledger';
import { rewardById } from './rewards';
import { issueVoucher } from './vouchers';

export function insufficientPoints(cost: number, have: number): AppError {
  return new AppError('insufficient_points', `This reward needs ${cost} points and you have ${have}.`);
}

/**
 * POST /api/loyalty/redeem, one transaction: lock the member, check the balance, spend the points, issue
 * the voucher and mail it. The route has already proven the member's address with the family session
 * (DECISIONS.md "Families' data": no second code inside it). The member's lock serialises redemptions,
 * so two racing for the same points cannot both succeed.
 */
export async function redeemReward(opts: {
  db: Db;
  input: RedeemRewardInput;
  now: Date;
  /** The public site's address: the voucher e-mail links to where the code is typed. */
  siteUrl: string;
}): Promise<RedeemRewardResponse> {
  const { db, input, now } = opts;
  const reward = rewardById(input.rewardId);
  if (input.pointsCost !== reward.pointsCost) {
    throw new AppError(
      'points_mismatch',
      `This reward now costs ${reward.pointsCost} points. Please refresh the page and try again.`,
    );
  }
  const { venue } = await publicCatalogue(db, now);
  return db.transaction(async (tx) => {
    const member = await lockMemberById(tx, input.memberId);
    if (!member) throw new AppError('not_found', 'Member not found');
    const { currentPoints } = await pointTotals(tx, member.id);
    if (currentPoints < reward.pointsCost) throw insufficientPoints(reward.pointsCost, currentPoints);

    const voucher = await issueVoucher(tx, {
      memberId: member.id,
      rewardId: reward.id,
      pointsCost: reward.pointsCost,
      now,
    });
    await appendLedgerEntry(tx, {
      memberId: member.id,
      kind: 'redeem',
      points: -reward.pointsCost,
      voucherId: voucher.id,
      description: `Redeemed: ${reward.title}`,
    });
    await enqueueMail(tx, voucherMail(member, reward, voucher, opts.siteUrl, venue));
    const view = await memberView(tx, member);
    return { ...view, voucher: { code: voucher.code, rewardId: reward.id, title: reward.title } };
  });
}
