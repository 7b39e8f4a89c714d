import { normaliseLoyaltyEmail } from '../../shared/contracts/loyalty';
import { shortDate } from '../../shared/date-text';
import type { Db } from '../db/client';
import { awardPartyHost } from '../loyalty/achievements';
import { appendLedgerEntry, lockMemberByEmail, pointTotals } from '../loyalty/loyalty-ledger';
import { pointsForBooking } from '../loyalty/points';

/**
 * A party payment has succeeded (DECISIONS.md "Parties online": a paid party earns points and the Party
 * Host achievement). Inside the payment's transaction, once per payment: the caller calls this only when
 * the payment first moves to succeeded. The parent earns only as a member (joining is the ticket form's
 * opt-in); 1 point per whole pound paid with the tier's bonus (loyalty/points.ts), and Party Host once
 * with the deposit (the ledger's one-award-per-achievement index).
 */
export async function awardPartyPoints(
  tx: Db,
  o: { email: string; partyDate: string; paidPence: number; kind: 'deposit' | 'balance' },
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
      description: `Points for your party ${o.kind} (party on ${shortDate(o.partyDate)})${bonus}`,
    });
  }
  if (o.kind === 'deposit') await awardPartyHost({ tx, email: o.email });
}
