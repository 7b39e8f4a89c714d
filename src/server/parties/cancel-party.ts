import { eq } from 'drizzle-orm';
import { todayInLondon } from '../../shared/dates';
import type { Db } from '../db/client';
import { partyBookings } from '../db/schema';
import { AppError } from '../http/errors';
import { depositRuleOn } from './party-rules';
import { returnPartyVoucher } from './party-voucher';
import { lockParty, partyOf, type PartyBooking } from './party-view';

export type DepositDecision = 'refund' | 'keep' | 'none';

export type CancelPartyResult = {
  party: PartyBooking;
  /** What happens to the deposit: 'none' when nothing was paid (a held party). The payment step acts on it. */
  deposit: DepositDecision;
  /** What the rule alone said; differs from `deposit` only when an admin overrode it. */
  rule: DepositDecision;
  overridden: boolean;
};

/**
 * Cancels a held or confirmed party that has not taken place yet, and says what the deposit rule decides
 * (DECISIONS.md "Parties online"): refunded when cancelled more than 14 days before the party, kept after.
 * An admin may decide otherwise, with a reason that is stored with the party. The room is free again,
 * and a VIP Party Discount comes back to the member unless the deposit is kept (its price stands then).
 */
export async function cancelParty(
  db: Db,
  opts: {
    id: string;
    now: Date;
    by: { role: 'family' | 'staff' | 'admin' };
    override?: { deposit: 'refund' | 'keep'; reason: string };
  },
): Promise<CancelPartyResult> {
  const { now, override } = opts;
  if (override && opts.by.role !== 'admin')
    throw new AppError('forbidden', 'Only an admin can overrule the deposit rule.');
  const reason = override?.reason.trim() ?? '';
  if (override && reason.length < 3)
    throw new AppError('invalid_input', 'Please say why the deposit rule is overruled.', {
      fields: { reason: ['Please give a reason'] },
    });
  return db.transaction(async (tx) => {
    const row = await lockParty(tx, opts.id);
    if ((row.status !== 'held' && row.status !== 'confirmed') || row.partyDate < todayInLondon(now))
      throw new AppError('not_cancellable', 'This party cannot be cancelled now.');
    const rule: DepositDecision = row.status === 'held' ? 'none' : depositRuleOn(row.partyDate, now);
    const deposit = rule !== 'none' && override ? override.deposit : rule;
    const [updated] = await tx
      .update(partyBookings)
      .set({
        status: 'cancelled',
        depositOutcome: deposit,
        cancelReason: override ? reason : null,
        cancelledAt: now,
        holdExpiresAt: null,
        updatedAt: now,
        version: row.version + 1,
      })
      .where(eq(partyBookings.id, row.id))
      .returning();
    if (deposit !== 'keep') await returnPartyVoucher(tx, row);
    return { party: partyOf(updated!), deposit, rule, overridden: deposit !== rule };
  });
}
