import type { RedeemRewardInput, RedeemRewardResponse } from '../../shared/contracts/loyalty';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { getAppSecret } from '../security/app-secret';
import { voucherMail } from './loyalty-mails';
import { appendLedgerEntry, lockMemberById, memberView, pointTotals } from './loyalty-ledger';
import { checkRedemptionCode, markCodeUsed } from './redemption-codes';
import { insufficientPoints } from './request-redemption-code';
import { rewardById } from './rewards';
import { issueVoucher } from './vouchers';

type Outcome = { ok: true; response: RedeemRewardResponse } | { ok: false; error: AppError };

/**
 * POST /api/loyalty/redeem, one transaction: lock the member, check the e-mailed code (counting the
 * try), check the balance, spend the points, issue the voucher, use up the code and mail the voucher.
 * The member's lock serialises redemptions, so two racing for the same points cannot both succeed.
 * A wrong code is refused AFTER commit, so the try it cost is kept.
 */
export async function redeemReward(opts: {
  db: Db;
  input: RedeemRewardInput;
  now: Date;
  bookingUrl: string;
}): Promise<RedeemRewardResponse> {
  const { db, input, now } = opts;
  const reward = rewardById(input.rewardId);
  if (input.pointsCost !== reward.pointsCost) {
    throw new AppError(
      'points_mismatch',
      `This reward now costs ${reward.pointsCost} points. Please refresh the page and try again.`,
    );
  }
  const secret = await getAppSecret(db);
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const member = await lockMemberById(tx, input.memberId);
    if (!member) throw new AppError('not_found', 'Member not found');
    // The route has proven the member's address (family session); an e-mailed code, if sent, must still be right.
    const check = input.code
      ? await checkRedemptionCode(tx, { secret, memberId: member.id, rewardId: reward.id, code: input.code, now })
      : null;
    if (check && !check.ok) return check;
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
    if (check) await markCodeUsed(tx, check.codeId, now);
    await enqueueMail(tx, voucherMail(member, reward, voucher, opts.bookingUrl));
    const view = await memberView(tx, member);
    return {
      ok: true,
      response: { ...view, voucher: { code: voucher.code, rewardId: reward.id, title: reward.title } },
    };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.response;
}
