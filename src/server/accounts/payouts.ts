import type { AccountsRange, PayoutsReport } from '../../shared/contracts/accounts';
import type { AppContext } from '../context';

/** Filled in by step 4 (Stripe's payouts matched to our payments). */
export async function payoutsReport(_ctx: AppContext, range: AccountsRange): Promise<PayoutsReport> {
  return { from: range.from, to: range.to, available: false, payouts: [], unmatched: [] };
}
