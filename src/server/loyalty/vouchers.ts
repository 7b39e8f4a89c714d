import { randomInt } from 'node:crypto';
import type { RewardId } from '../../shared/contracts/loyalty';
import type { Db } from '../db/client';
import { loyaltyVouchers } from '../db/schema';

// No 0/O, 1/I/L: a code read out at reception or typed on a phone cannot be misread.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const block = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** PTB-XXXX-XXXX (31^8, about 850 thousand million): short enough to type, too many to guess. */
export function newVoucherCode(): string {
  return `PTB-${block()}-${block()}`;
}

export type IssuedVoucher = typeof loyaltyVouchers.$inferSelect;

/** A new voucher for a redeemed reward, in the redemption's transaction; a clashing code is drawn again. */
export async function issueVoucher(
  tx: Db,
  o: { memberId: string; rewardId: RewardId; pointsCost: number; now: Date },
): Promise<IssuedVoucher> {
  for (let i = 0; i < 5; i++) {
    const [v] = await tx
      .insert(loyaltyVouchers)
      .values({
        code: newVoucherCode(),
        memberId: o.memberId,
        rewardId: o.rewardId,
        pointsCost: o.pointsCost,
        createdAt: o.now,
      })
      .onConflictDoNothing({ target: loyaltyVouchers.code })
      .returning();
    if (v) return v;
  }
  throw new Error('could not draw a unique voucher code');
}
