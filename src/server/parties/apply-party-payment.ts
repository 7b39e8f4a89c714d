import { eq, sql } from 'drizzle-orm';
import type { VenueView } from '../../shared/catalogue';
import type { Db } from '../db/client';
import { partyBookings } from '../db/schema';
import { AppError } from '../http/errors';
import { enqueueMail } from '../mail/enqueue-mail';
import { lockAndAdvancePayment, recordRefundAtProvider, refundLatePayment } from '../payments/advance-payment';
import type { ApplyPaymentResult, IncomingPaymentStatus } from '../payments/payment-transitions';
import { lockPartySlot } from './allocate-room';
import { confirmParty } from './confirm-party';
import { manageLinkFor } from './party-access';
import { partyDetailsOf } from './party-details';
import { awardPartyPoints, reversePartyRefundPoints } from './party-loyalty';
import { partyBalancePaidMail, partyConfirmedMail } from './party-mails';
import { enqueuePartyRefundMail } from './party-refund-mail';
import type { PartyCatalogue } from '../catalogue/party-settings';
import { partyVoucherStillHeld, spendPartyVoucher } from './party-voucher';
import { findParty, lockParty } from './party-view';

/**
 * applyPaymentStatus's branch for a party's deposit or balance, inside its transaction. Locks the party's
 * slot, the party, then the payment (the order holds and confirmations keep), moves the payment only
 * forward, and acts when it first succeeds, so a repeated or late report changes nothing:
 * - deposit: the party is confirmed (a hold that ran out gets its room back if one is still free, unless
 *   a gift voucher's part of the deposit has gone back to it meanwhile), the
 *   VIP voucher is used, the parent earns points and Party Host, and the confirmation mail is sent; when
 *   the room has gone meanwhile (or the party was cancelled) the payment is refunded (late_payment);
 * - balance: counted towards what is paid, points earned, a receipt sent.
 * Answers `refundPaymentId` for the caller to carry out after commit.
 */
export async function applyPartyPayment(
  tx: Db,
  o: {
    paymentId: string;
    partyId: string;
    status: IncomingPaymentStatus;
    now: Date;
    secret: string;
    publicUrl: string;
    /** Read before the transaction: names in the mail, and the rooms a late deposit may still get. */
    catalogue: PartyCatalogue;
    venue: VenueView;
  },
): Promise<{ result: ApplyPaymentResult; refundPaymentId: string | null }> {
  const { now } = o;
  const where = await findParty(tx, o.partyId, { lock: false });
  await lockPartySlot(tx, where.partyDate, where.slotId);
  let party = await lockParty(tx, o.partyId);
  const wasConfirmed = party.status === 'confirmed';
  const locked = await lockAndAdvancePayment(tx, o);
  if (!locked) return { result: { outcome: 'unknown_payment' }, refundPaymentId: null };
  const { payment, next } = locked;
  if (!next)
    return {
      result: { outcome: 'unchanged', paymentStatus: payment.status, bookingStatus: null },
      refundPaymentId: null,
    };
  const updated: ApplyPaymentResult = { outcome: 'updated', paymentStatus: next, bookingStatus: null };

  if (next === 'refunded') {
    // Refunded at the provider (staff, in Stripe's dashboard): recorded on the payment; the party is staff's
    // to change, but what it says is paid must drop by what went back, or the family would be told the
    // balance is paid and no reminder would ask for it. A refund of ours (cancelled, late) was never counted.
    const counted = !payment.refundStatus && payment.status === 'succeeded' && party.status === 'confirmed';
    const recorded = await recordRefundAtProvider(tx, payment, now);
    // The family hears of it once: a cancellation's own refund was told in the cancellation mail.
    if (recorded) await enqueuePartyRefundMail(tx, payment, o.venue);
    if (counted)
      await tx
        .update(partyBookings)
        .set({ paidPence: sql`greatest(0, ${partyBookings.paidPence} - ${payment.amountPence})`, updatedAt: now })
        .where(eq(partyBookings.id, party.id));
    // The points that money earned go back with it (once: a refund of ours took them back already).
    await reversePartyRefundPoints(tx, party.id);
    return { result: updated, refundPaymentId: null };
  }
  if (next !== 'succeeded') return { result: updated, refundPaymentId: null }; // a declined card may be retried

  const refund = async () => {
    // A party cancelled while its payment was on the way is told so, not that its time ran out.
    await refundLatePayment(tx, payment, party.status === 'cancelled' ? 'cancelled' : 'late_payment');
    // 'refunded' tells the card form to say the money is on its way back (as for a ticket hold that ran out).
    return { result: { ...updated, bookingStatus: 'refunded' as const }, refundPaymentId: payment.id };
  };

  const isDeposit = payment.purpose === 'party_deposit';
  if (party.status === 'cancelled') return refund();
  if (isDeposit && !wasConfirmed) {
    // The card's part of a deposit a gift voucher paid the rest of: when the hold ran out first, the
    // voucher got its value back (expire-holds.ts), so this alone no longer pays the deposit.
    if (party.paidPence + payment.amountPence < party.depositPence) return refund();
    // Its VIP Party Discount voucher went to another party while the hold had run out: not at that price.
    if (!(await partyVoucherStillHeld(tx, party))) return refund();
    try {
      await confirmParty(tx, party.id, now, o.catalogue);
    } catch (err) {
      if (err instanceof AppError && (err.code === 'party_hold_expired' || err.code === 'cancelled')) return refund();
      throw err;
    }
  } else if (!isDeposit && !wasConfirmed) {
    return refund(); // a balance for a party no longer booked
  }
  // A second deposit on a confirmed party (two tabs) counts towards the balance rather than being lost.
  const [paid] = await tx
    .update(partyBookings)
    .set({ paidPence: sql`${partyBookings.paidPence} + ${payment.amountPence}`, updatedAt: now })
    .where(eq(partyBookings.id, party.id))
    .returning();
  party = paid!;
  const details = partyDetailsOf(party, o.catalogue);
  const manageLink = manageLinkFor(o.publicUrl, o.secret, party.id);
  await awardPartyPoints(tx, {
    email: party.parentEmail,
    partyId: party.id,
    paymentId: payment.id,
    partyDate: party.partyDate,
    paidPence: payment.amountPence,
    kind: isDeposit ? 'deposit' : 'balance',
  });
  if (isDeposit && !wasConfirmed) {
    await spendPartyVoucher(tx, party, now);
    await enqueueMail(
      tx,
      partyConfirmedMail(details, {
        paymentId: payment.id,
        paidPence: party.paidPence,
        manageLink,
        venue: o.venue,
        now,
      }),
    );
  } else {
    await enqueueMail(
      tx,
      partyBalancePaidMail(details, {
        paymentId: payment.id,
        amountPence: payment.amountPence,
        paidPence: party.paidPence,
        manageLink,
        venue: o.venue,
      }),
    );
  }
  return { result: updated, refundPaymentId: null };
}
