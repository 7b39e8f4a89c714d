import type { RequestRedemptionCodeInput, RequestRedemptionCodeResponse } from '../../shared/contracts/loyalty';
import { maskEmail } from '../../shared/mask';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { getAppSecret } from '../security/app-secret';
import { redemptionCodeMail } from './loyalty-mails';
import { lockMemberById, pointTotals } from './loyalty-ledger';
import {
  CODE_LIFETIME_MS,
  CODES_PER_HOUR,
  codesRequestedSince,
  newRedemptionCode,
  storeRedemptionCode,
} from './redemption-codes';
import { rewardById } from './rewards';

export function insufficientPoints(cost: number, have: number): AppError {
  return new AppError('insufficient_points', `This reward needs ${cost} points and you have ${have}.`);
}

/**
 * POST /api/loyalty/redeem/request-code: e-mails the member a 6-digit code for one reward. Refused up
 * front when the points are not there (they are checked again, under the lock, when redeeming).
 */
export async function requestRedemptionCode(opts: {
  db: Db;
  input: RequestRedemptionCodeInput;
  now: Date;
}): Promise<RequestRedemptionCodeResponse> {
  const { db, input, now } = opts;
  const reward = rewardById(input.rewardId);
  const secret = await getAppSecret(db);
  return db.transaction(async (tx) => {
    const member = await lockMemberById(tx, input.memberId);
    if (!member) throw new AppError('not_found', 'Member not found');
    const { currentPoints } = await pointTotals(tx, member.id);
    if (currentPoints < reward.pointsCost) throw insufficientPoints(reward.pointsCost, currentPoints);
    if ((await codesRequestedSince(tx, member.id, new Date(now.getTime() - 3_600_000))) >= CODES_PER_HOUR) {
      throw new AppError('too_many_codes', 'Too many codes asked for. Please wait an hour and try again.', {
        headers: { 'retry-after': '3600' },
      });
    }
    const code = newRedemptionCode();
    const expiresAt = await storeRedemptionCode(tx, { secret, memberId: member.id, rewardId: reward.id, code, now });
    await enqueueMail(tx, redemptionCodeMail(member, reward, code, CODE_LIFETIME_MS / 60_000));
    return { sentTo: maskEmail(member.email), expiresAt: expiresAt.toISOString() };
  });
}
