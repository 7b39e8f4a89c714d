import { createHash } from 'node:crypto';
import type { RateLimitRule } from '../abuse/rate-limit';
import { normaliseVoucherCode } from './gift-voucher-code';

/**
 * Gift voucher limits (abuse/rate-limit.ts counts them), as the family sign-in has: per client, and per
 * code so that many clients together get few tries at any one code.
 */
export const giftVoucherLimits = {
  buyPerClient: { name: 'gift-voucher-buy', max: 10, windowSeconds: 600 },
  checkPerClient: { name: 'gift-voucher-check', max: 20, windowSeconds: 600 },
  checkPerCode: { name: 'gift-voucher-check-code', max: 10, windowSeconds: 3600 },
  printPerClient: { name: 'gift-voucher-print', max: 30, windowSeconds: 600 },
} satisfies Record<string, RateLimitRule>;

/** The per-code bucket's key: a hash, so the rate-limit table never holds a code. */
export function codeBucketKey(typed: string): string {
  const raw = normaliseVoucherCode(typed) ?? typed.trim().toUpperCase();
  return createHash('sha256').update(`gift-voucher-bucket:${raw}`).digest('hex').slice(0, 32);
}
