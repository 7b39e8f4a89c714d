import type { FastifyRequest } from 'fastify';
import { enforceFailureLimit } from '../abuse/rate-limit';
import type { AppContext } from '../context';
import { isGiftVoucherCode, isUnknownGiftCode } from './booking-gift-voucher';
import { codeBucketKey, giftVoucherLimits } from './gift-voucher-limits';

/**
 * A gift voucher code typed at checkout is a guess like one sent to GET /api/gift-vouchers/{code}: it
 * counts against the same buckets (per client and per code), so using both routes gives no more tries.
 * Only a code that names no voucher keeps its count; any other outcome (a booking, a refusal for another
 * reason) gives the attempt back, so a family paying with a real voucher is never slowed down.
 */
export async function limitGiftCodeGuesses<T>(
  ctx: AppContext,
  request: FastifyRequest,
  code: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (!code || !isGiftVoucherCode(code)) return run();
  const perClient = await enforceFailureLimit(ctx, giftVoucherLimits.checkPerClient, request.ip);
  const perCode = await enforceFailureLimit(ctx, giftVoucherLimits.checkPerCode, codeBucketKey(code));
  const giveBack = async () => {
    await perClient.succeeded();
    await perCode.succeeded();
  };
  try {
    const result = await run();
    await giveBack();
    return result;
  } catch (err) {
    if (!isUnknownGiftCode(err)) await giveBack();
    throw err;
  }
}
