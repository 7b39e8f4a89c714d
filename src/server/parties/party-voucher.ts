import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { loyaltyVouchers } from '../db/schema';
import { AppError } from '../http/errors';
import { normaliseVoucherCode } from '../loyalty/booking-vouchers';

/**
 * The VIP Party Discount (loyalty reward 'vip-party') used online (DECISIONS.md "Parties online"). It
 * follows the party's hold as a ticket voucher follows a booking's: held while the deposit is paid, used
 * once it is. loyalty_vouchers.booking_id points at ticket bookings only, so a party's hold is written in
 * used_by ("online party PTP-7K3Q9X", which staff also read on the voucher). A hold that ran out gives
 * the voucher back lazily: the next party may take it. A cancelled party gives it back at once unless its
 * deposit is kept (returnPartyVoucher), as a cancelled ticket booking gives its voucher back.
 */
export const VIP_PARTY_REWARD = 'vip-party';

export const partyVoucherHolder = (reference: string) => `online party ${reference}`;

export type PartyVoucher = { id: string; code: string };

const field = (message: string) => ({ fields: { voucherCode: [message] } });

/** Looks a typed code up (no lock): only an unused VIP Party Discount is accepted. */
export async function findPartyVoucher(db: Db, typed: string): Promise<PartyVoucher> {
  const [v] = await db
    .select()
    .from(loyaltyVouchers)
    .where(eq(loyaltyVouchers.code, normaliseVoucherCode(typed)));
  if (!v)
    throw new AppError(
      'voucher_invalid',
      'We could not find that voucher code. Please check it and try again.',
      field('We could not find that voucher code'),
    );
  if (v.rewardId !== VIP_PARTY_REWARD)
    throw new AppError(
      'voucher_not_for_party',
      'Only the VIP Party Discount can be used for a party. Other vouchers are used when booking a visit or at the venue.',
      field('This voucher is not for parties'),
    );
  if (v.status === 'used' || v.status === 'void')
    throw new AppError(
      'voucher_used',
      'This voucher has already been used.',
      field('This voucher has already been used'),
    );
  return { id: v.id, code: v.code };
}

/**
 * In the hold's transaction: holds the voucher for this party, in one conditional update, when it is
 * unused or held only by a party that is no longer live (a hold run out, a cancelled party).
 */
export async function reservePartyVoucher(
  tx: Db,
  voucher: PartyVoucher,
  party: { reference: string },
  now: Date,
): Promise<void> {
  const held = rowsOf<{ id: string }>(
    await tx.execute(sql`
      update loyalty_vouchers set status = 'held', used_by = ${partyVoucherHolder(party.reference)}
      where id = ${voucher.id} and reward_id = ${VIP_PARTY_REWARD} and (
        status = 'issued' or (status = 'held' and booking_id is null and not exists (
          select 1 from party_bookings p
          where 'online party ' || p.reference = loyalty_vouchers.used_by
            and (p.status = 'confirmed' or (p.status = 'held' and p.hold_expires_at > ${now})))))
      returning id`),
  );
  if (held.length > 0) return;
  const [v] = await tx
    .select({ status: loyaltyVouchers.status })
    .from(loyaltyVouchers)
    .where(eq(loyaltyVouchers.id, voucher.id));
  if (v?.status === 'held')
    throw new AppError(
      'voucher_held',
      'This voucher is on another booking waiting for payment. Please try again in 15 minutes.',
      field('This voucher is on another booking'),
    );
  throw new AppError(
    'voucher_used',
    'This voucher has already been used.',
    field('This voucher has already been used'),
  );
}

/** The deposit is paid: the voucher held for this party is used (once; a voucher another party took stays its). */
export async function spendPartyVoucher(tx: Db, party: { reference: string }, now: Date): Promise<void> {
  await tx
    .update(loyaltyVouchers)
    .set({ status: 'used', usedAt: now })
    .where(and(eq(loyaltyVouchers.usedBy, partyVoucherHolder(party.reference)), eq(loyaltyVouchers.status, 'held')));
}

/**
 * In the cancelling transaction (party locked), when the cancellation gives the party's money back or
 * nothing was paid: its VIP Party Discount can be used again, as the member never had the party it paid
 * for. A kept deposit keeps the discount it was priced with, so the caller does not call this then.
 */
export async function returnPartyVoucher(tx: Db, party: { reference: string }): Promise<void> {
  await tx
    .update(loyaltyVouchers)
    .set({ status: 'issued', usedBy: null, usedAt: null })
    .where(
      and(
        eq(loyaltyVouchers.usedBy, partyVoucherHolder(party.reference)),
        eq(loyaltyVouchers.rewardId, VIP_PARTY_REWARD),
        inArray(loyaltyVouchers.status, ['held', 'used']),
      ),
    );
}

/**
 * A late deposit (its hold had run out) for a party priced with the VIP Party Discount: is the voucher
 * still held for it? Another party may have taken it since; then this party cannot be confirmed at the
 * discounted price and its payment goes back. Locks the voucher row (after the party's, as at its hold).
 */
export async function partyVoucherStillHeld(
  tx: Db,
  party: { reference: string; priceLines: unknown },
): Promise<boolean> {
  if (!(party.priceLines as { kind: string }[]).some((l) => l.kind === 'discount')) return true;
  const held = await tx
    .select({ id: loyaltyVouchers.id })
    .from(loyaltyVouchers)
    .where(and(eq(loyaltyVouchers.usedBy, partyVoucherHolder(party.reference)), eq(loyaltyVouchers.status, 'held')))
    .for('update');
  return held.length > 0;
}
