import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { StaffPartyCancelResponse } from '../../../shared/contracts/admin-parties';
import { catalogueOf, publicCatalogue } from '../../catalogue/catalogue-store';
import { partyBookings, payments } from '../../db/schema';
import { enqueueMail } from '../../mail/enqueue-mail';
import { executeDueRefund } from '../../payments/execute-refund';
import type { PaymentDeps } from '../../payments/payment-deps';
import { writeAudit } from '../../staff/audit';
import { cancelParty } from '../cancel-party';
import { giftVoucherPaidOn, returnPartyGiftVouchers } from '../party-gift-voucher';
import { reversePartyRefundPoints } from '../party-loyalty';
import { splitPartyRefund } from '../party-refund-split';
import { lockParty } from '../party-view';
import { partyNames } from '../../catalogue/party-settings';
import { partyCancelledMail } from './party-staff-mails';

/**
 * Staff cancel a party (DECISIONS.md "Parties online"): cancel-party.ts decides the deposit (refunded more
 * than 14 days before, kept after; an admin may overrule it with the reason, staff get 403). Everything
 * paid is refunded except a kept deposit, through the ticket refund path: in the cancelling transaction
 * the party's payments are marked refund pending (balances before deposits, newest first, so a kept
 * deposit keeps its own payment), with the audit entry and the family's mail; after commit
 * executeDueRefund calls the provider with its per-payment idempotency key (the sweep retries). The
 * cancellation mail is the family's only mail: it says what goes back to the card and to the gift voucher
 * and when, and the card refunds it lists (the audit entry's refundedPaymentIds) send none. What gift
 * vouchers paid goes back to them in the same transaction (party-refund-split.ts says how much of it a
 * kept deposit keeps; party, payments, then voucher locked), and the mail says so. The loyalty points the
 * refunded payments earned are taken back (party-loyalty.ts) and a VIP Party Discount given back unless the
 * deposit is kept (cancel-party.ts), in the same transaction. A second press finds the party cancelled: no
 * refund.
 */
export async function staffCancelParty(
  opts: PaymentDeps & {
    id: string;
    actor: string;
    role: 'staff' | 'admin';
    reason: string;
    overrideDeposit?: 'refund' | 'keep';
    now: Date;
  },
): Promise<StaffPartyCancelResponse> {
  const { db, now } = opts;
  const catalogue = await catalogueOf(db);
  const { venue } = await publicCatalogue(db, now);
  const outcome = await db.transaction(async (tx) => {
    const before = await lockParty(tx, opts.id);
    if (before.status === 'cancelled')
      return {
        refundIds: [] as string[],
        response: {
          status: 'cancelled' as const,
          deposit: before.depositOutcome ?? 'none',
          overridden: false,
          refundPence: 0,
          alreadyCancelled: true,
        },
      };
    const result = await cancelParty(tx, {
      id: before.id,
      now,
      by: { role: opts.role },
      override: opts.overrideDeposit ? { deposit: opts.overrideDeposit, reason: opts.reason } : undefined,
    });
    const paid = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.partyBookingId, before.id), eq(payments.status, 'succeeded'), isNull(payments.refundStatus)),
      )
      // Balances before deposits, newest first: a kept deposit keeps its own payment even when both were
      // written in the same millisecond (a frozen test clock; the refund and the points it takes back follow).
      .orderBy(sql`${payments.purpose} = 'party_deposit'`, desc(payments.createdAt))
      .for('update');
    const cardPaidPence = paid.reduce((sum, p) => sum + p.amountPence, 0);
    const voucherPaidPence = await giftVoucherPaidOn(tx, before.id);
    const split = splitPartyRefund({
      depositPence: before.depositPence,
      keepDeposit: result.deposit === 'keep',
      cardDepositPence: paid.filter((p) => p.purpose === 'party_deposit').reduce((sum, p) => sum + p.amountPence, 0),
      cardPaidPence,
      voucherPaidPence,
    });
    const { keptPence } = split;
    const voucherBackPence = await returnPartyGiftVouchers(tx, {
      partyId: before.id,
      amountPence: split.voucherBackPence,
      now,
    });
    const paidPence = cardPaidPence + voucherPaidPence;
    let toRefund = split.cardRefundPence;
    const refundIds: string[] = [];
    for (const p of paid) {
      const pence = Math.min(p.amountPence, toRefund);
      if (pence <= 0) break;
      toRefund -= pence;
      refundIds.push(p.id);
      await tx
        .update(payments)
        .set({ refundStatus: 'pending', refundPence: pence, refundReason: 'cancelled', updatedAt: now })
        .where(eq(payments.id, p.id));
    }
    // What the refunded payments earned goes back with them; a kept deposit keeps its points.
    await reversePartyRefundPoints(tx, before.id);
    const refundPence = split.cardRefundPence + voucherBackPence;
    // cancel-party stores the reason only for an override; staff's reason is kept for every cancellation.
    await tx.update(partyBookings).set({ cancelReason: opts.reason }).where(eq(partyBookings.id, before.id));
    await writeAudit(tx, {
      actor: opts.actor,
      action: 'party_cancelled',
      subjectType: 'party',
      subjectId: before.id,
      details: {
        reason: opts.reason,
        deposit: result.deposit,
        rule: result.rule,
        overridden: result.overridden,
        paidPence,
        refundPence,
        cardRefundPence: split.cardRefundPence,
        giftVoucherBackPence: voucherBackPence,
        // The payments this cancellation's mail tells of: their refunds send no mail of their own (party-refund-mail.ts).
        refundedPaymentIds: refundIds,
      },
    });
    await enqueueMail(
      tx,
      partyCancelledMail(
        { ...result.party, ...partyNames(catalogue, before) },
        { refundPence: split.cardRefundPence, voucherBackPence, keptPence, venue },
      ),
    );
    return {
      refundIds,
      response: {
        status: 'cancelled' as const,
        deposit: result.deposit,
        overridden: result.overridden,
        refundPence,
        alreadyCancelled: false,
      },
    };
  });
  for (const paymentId of outcome.refundIds)
    await executeDueRefund({ ...opts, paymentId, now }).catch((err) =>
      opts.log?.warn({ err, paymentId }, 'party refund failed; the sweep will retry'),
    );
  return outcome.response;
}
