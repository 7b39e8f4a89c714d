import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { partyBookings } from '../db/schema';
import { giftCodeRefusal } from '../gift-vouchers/booking-gift-voucher';
import { netSpentOnParty, redeemGiftVoucher, refundToGiftVoucher } from '../gift-vouchers/voucher-ledger';

type Row = typeof partyBookings.$inferSelect;

/**
 * Gift vouchers paying towards a party's deposit or balance (issue 29). Lock order, everywhere a party and
 * a voucher are both locked: the party's slot (when a confirmation may follow), the party, then the
 * voucher; a voucher is never locked before a party. (Ticket bookings lock the voucher before places, and
 * never lock a party, so the two orders cannot meet in a cycle.) What a voucher paid is counted in
 * party_bookings.paid_pence and gift_voucher_pence; its ledger, with partyBookingId, says which voucher.
 */

/**
 * Spends up to `duePence` of the voucher a code names on the locked party, in the caller's transaction:
 * what it paid is added to the party's paid_pence and gift_voucher_pence. Answers the party as it now is.
 */
export async function spendGiftVoucherOnParty(
  tx: Db,
  o: { party: Row; code: string; duePence: number; now: Date },
): Promise<{ spentPence: number; party: Row }> {
  const spent = await redeemGiftVoucher(tx, {
    code: o.code,
    amountPence: o.duePence,
    now: o.now,
    partyBookingId: o.party.id,
  }).catch((err: unknown) => {
    throw giftCodeRefusal(err);
  });
  const [party] = await tx
    .update(partyBookings)
    .set({
      paidPence: sql`${partyBookings.paidPence} + ${spent.spentPence}`,
      giftVoucherPence: sql`${partyBookings.giftVoucherPence} + ${spent.spentPence}`,
      updatedAt: o.now,
    })
    .where(eq(partyBookings.id, o.party.id))
    .returning();
  return { spentPence: spent.spentPence, party: party! };
}

/**
 * Gives up to `amountPence` of what gift vouchers paid towards a party back to them, the most recently
 * spent voucher first, in the caller's transaction (the party already locked). The ledger decides how
 * much each is owed, so a second call after everything went back gives nothing. A voucher voided since
 * takes nothing back (staff voided it knowing its balance). Answers what went back.
 */
export async function returnPartyGiftVouchers(
  tx: Db,
  o: { partyId: string; amountPence: number; now: Date },
): Promise<number> {
  let left = o.amountPence;
  let returned = 0;
  for (const spend of await netSpentOnParty(tx, o.partyId)) {
    if (left <= 0) break;
    const { refundedPence } = await refundToGiftVoucher(tx, {
      voucherId: spend.voucherId,
      amountPence: Math.min(left, spend.netPence),
      now: o.now,
      partyBookingId: o.partyId,
    });
    left -= refundedPence;
    returned += refundedPence;
  }
  return returned;
}

/**
 * Holds that have just been expired (the sweep, or an allocation that found them stale), locked in the
 * caller's transaction: what a gift voucher paid of each deposit goes back to it, and the party no longer
 * counts it as paid.
 */
export async function giveBackExpiredHoldVouchers(
  tx: Db,
  expired: { id: string; gift_voucher_pence: number | string }[],
  now: Date,
): Promise<void> {
  for (const r of expired) {
    if (Number(r.gift_voucher_pence) <= 0) continue;
    const back = await returnPartyGiftVouchers(tx, { partyId: r.id, amountPence: Number(r.gift_voucher_pence), now });
    await tx
      .update(partyBookings)
      .set({
        paidPence: sql`${partyBookings.paidPence} - ${back}`,
        giftVoucherPence: sql`${partyBookings.giftVoucherPence} - ${back}`,
      })
      .where(eq(partyBookings.id, r.id));
  }
}

/** What the family's gift vouchers paid towards the party and is still spent on it (the ledger's net). */
export async function giftVoucherPaidOn(tx: Db, partyId: string): Promise<number> {
  return (await netSpentOnParty(tx, partyId)).reduce((sum, s) => sum + s.netPence, 0);
}
