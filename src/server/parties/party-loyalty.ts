import { sql } from 'drizzle-orm';
import { normaliseLoyaltyEmail } from '../../shared/contracts/loyalty';
import { shortDate } from '../../shared/date-text';
import { rowsOf, type Db } from '../db/client';
import { awardPartyHost } from '../loyalty/achievements';
import { appendLedgerEntry, lockMemberByEmail, lockMemberById, pointTotals } from '../loyalty/loyalty-ledger';
import { pointsForBooking } from '../loyalty/points';

/**
 * A party payment has succeeded (DECISIONS.md "Parties online": a paid party earns points and the Party
 * Host achievement). Inside the payment's transaction, once per payment: the caller calls this only when
 * the payment first moves to succeeded, and the ledger's one-earn-per-payment index holds it to that. The
 * parent earns only as a member (joining is the ticket form's opt-in); 1 point per whole pound paid with
 * the tier's bonus (loyalty/points.ts), and Party Host once with the deposit (the ledger's
 * one-award-per-achievement index). The entry names the party and the payment, so a refund of that
 * payment can take back what it earned (reversePartyRefundPoints). A gift voucher's part has no payment
 * and earns nothing (`paymentId` null, `paidPence` 0).
 */
export async function awardPartyPoints(
  tx: Db,
  o: {
    email: string;
    partyId: string;
    paymentId: string | null;
    partyDate: string;
    paidPence: number;
    kind: 'deposit' | 'balance';
  },
): Promise<void> {
  const member = await lockMemberByEmail(tx, normaliseLoyaltyEmail(o.email));
  if (!member) return;
  const { totalPoints } = await pointTotals(tx, member.id);
  const points = pointsForBooking({ paidPence: o.paidPence, visitDate: o.partyDate, totalPointsBefore: totalPoints });
  if (points.total > 0) {
    const bonus = points.bonus > 0 ? ` (including ${points.bonus} ${points.tierName} bonus)` : '';
    await appendLedgerEntry(tx, {
      memberId: member.id,
      kind: 'earn',
      points: points.total,
      partyBookingId: o.partyId,
      paymentId: o.paymentId,
      description: `Points for your party ${o.kind} (party on ${shortDate(o.partyDate)})${bonus}`,
    });
  }
  if (o.kind === 'deposit') await awardPartyHost({ tx, email: o.email });
}

type RefundedEarn = {
  memberId: string;
  points: number;
  paymentId: string;
  amountPence: number;
  refundPence: number;
  purpose: string;
  partyDate: string;
};

/**
 * Money paid for a party has gone back (DECISIONS.md "Loyalty": refunds reverse the points they earned):
 * a cancellation's refunds, decided in its transaction, or a refund made at the provider. Reads the
 * party's payments, so call it once their refund is written, in that transaction (party locked). Each
 * refunded payment takes back what it earned in proportion to what went back, rounded down (in the
 * family's favour, as earning rounds down to whole pounds), once per payment (the ledger's
 * one-reversal-per-payment index, however often the refund is reported), and never more than the party
 * earned. A kept deposit is not refunded, so its points stay. The balance may go below zero if the points
 * were already spent, as for a ticket booking's refund.
 */
export async function reversePartyRefundPoints(tx: Db, partyId: string): Promise<void> {
  const refunded = rowsOf<RefundedEarn>(
    await tx.execute(sql`
      select e.member_id as "memberId", e.points, e.payment_id as "paymentId", p.amount_pence as "amountPence",
        p.refund_pence as "refundPence", p.purpose, b.party_date::text as "partyDate"
      from loyalty_ledger e
      join payments p on p.id = e.payment_id
      join party_bookings b on b.id = e.party_booking_id
      where e.party_booking_id = ${partyId} and e.kind = 'earn' and e.points > 0
        and p.refund_status is not null and p.refund_pence > 0
        and not exists (select 1 from loyalty_ledger r where r.payment_id = e.payment_id and r.kind = 'reverse')
      order by e.seq`),
  );
  for (const r of refunded) {
    await lockMemberById(tx, r.memberId);
    // A new statement after the lock: what this party has earned and had taken back so far.
    const [left] = rowsOf<{ points: number }>(
      await tx.execute(sql`
        select coalesce(sum(points), 0)::int as points from loyalty_ledger
        where party_booking_id = ${partyId} and kind in ('earn', 'reverse')`),
    );
    const backPence = Math.min(r.refundPence, r.amountPence);
    const points = Math.min(Math.floor((r.points * backPence) / r.amountPence), left?.points ?? 0);
    if (points <= 0) continue;
    const payment = r.purpose === 'party_deposit' ? 'deposit' : 'balance';
    const what = `${backPence < r.amountPence ? 'Part of your' : 'Your'} party ${payment}`;
    await appendLedgerEntry(tx, {
      memberId: r.memberId,
      kind: 'reverse',
      points: -points,
      partyBookingId: partyId,
      paymentId: r.paymentId,
      description: `${what} (party on ${shortDate(r.partyDate)}) was refunded: points taken back`,
    });
  }
}
