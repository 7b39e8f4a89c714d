import { inArray } from 'drizzle-orm';
import type { AccountsRange, BalanceTransactionView, PayoutsReport } from '../../shared/contracts/accounts';
import { addDays, startOfLondonDay } from '../../shared/dates';
import type { AppContext } from '../context';
import { payments } from '../db/schema';
import { AppError } from '../http/errors';
import { readAccountsSettings } from './settings';

type ProviderPayout = Awaited<ReturnType<NonNullable<AppContext['payments']['payouts']>['listPayouts']>>[number];

/**
 * GET /api/admin/accounts/payouts: Stripe's payouts arriving on London days from..to, each with its balance
 * transactions matched to our payments by PaymentIntent (charges and refunds), and the journal that moves
 * Stripe clearing to the bank net of Stripe's fees. A transaction no payment of ours explains is listed
 * apart, never dropped. TEST MODE has no payouts: `available` is false.
 */
export async function payoutsReport(ctx: AppContext, range: AccountsRange): Promise<PayoutsReport> {
  const source = ctx.payments.payouts;
  if (!source) return { from: range.from, to: range.to, available: false, payouts: [], unmatched: [] };
  let listed: ProviderPayout[];
  try {
    listed = await source.listPayouts({
      arrivalFrom: startOfLondonDay(range.from),
      arrivalTo: new Date(startOfLondonDay(addDays(range.to, 1)).getTime() - 1000),
    });
  } catch {
    throw new AppError('payment_unavailable', 'Stripe could not be asked for its payouts just now. Please try again.');
  }
  const intents = listed.flatMap((p) => p.transactions.flatMap((t) => (t.paymentIntentId ? [t.paymentIntentId] : [])));
  const ours = new Map<string, string>();
  for (let i = 0; i < intents.length; i += 500) {
    const rows = await ctx.db
      .select({ id: payments.id, pi: payments.providerPaymentId })
      .from(payments)
      .where(inArray(payments.providerPaymentId, intents.slice(i, i + 500)));
    for (const r of rows) if (r.pi) ours.set(r.pi, r.id);
  }
  const { settings } = await readAccountsSettings(ctx.db);
  const code = (k: 'bank' | 'stripe_fees' | 'stripe_clearing') => settings.accounts[k];
  const unmatched: BalanceTransactionView[] = [];
  const out = listed.map((p) => {
    const transactions = p.transactions
      .filter((t) => t.type !== 'payout')
      .map((t): BalanceTransactionView => {
        const paymentId = (t.paymentIntentId && ours.get(t.paymentIntentId)) || null;
        return { ...t, paymentId, matched: paymentId !== null };
      });
    unmatched.push(...transactions.filter((t) => !t.matched));
    const gross = transactions.reduce((s, t) => s + t.amountPence, 0);
    const fees = transactions.reduce((s, t) => s + t.feePence, 0);
    const line = (k: 'bank' | 'stripe_fees' | 'stripe_clearing', description: string, amountPence: number) => ({
      accountCode: code(k).accountCode,
      taxRateName: code(k).taxRateName,
      description,
      amountPence,
    });
    return {
      id: p.id,
      arrivalDate: p.arrivalDate.toISOString().slice(0, 10),
      amountPence: p.amountPence,
      status: p.status,
      transactions,
      journal: [
        line('bank', `Stripe payout ${p.id}`, p.amountPence),
        line('stripe_fees', 'Stripe fees', fees),
        line('stripe_clearing', 'Stripe clearing paid out', -gross),
      ].filter((l) => l.amountPence !== 0),
    };
  });
  return { from: range.from, to: range.to, available: true, payouts: out, unmatched };
}
