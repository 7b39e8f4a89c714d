import type { FormValue } from './form-body';
import type { createFakeStripeState } from './fake-stripe-state';
import { fakeId } from './fake-stripe-state';
import type { Reply } from './fake-stripe-payment-routes';

type State = ReturnType<typeof createFakeStripeState>;

type FakeBalanceTransaction = {
  id: string;
  object: 'balance_transaction';
  type: string;
  amount: number;
  fee: number;
  net: number;
  currency: 'gbp';
  source: string | null;
  created: number;
};

type FakePayout = {
  id: string;
  object: 'payout';
  amount: number;
  arrival_date: number;
  status: 'paid';
  currency: 'gbp';
  balance_transaction: string;
  created: number;
};

/**
 * Payouts and their balance transactions (issue 50), as Stripe lists them:
 *   GET /v1/payouts?arrival_date[gte]=&arrival_date[lte]=
 *   GET /v1/balance_transactions?payout=po_...&expand[]=data.source
 * A test makes a payout of charges and refunds already in the fake (`payout`): each charge pays Stripe's UK
 * card fee (1.5% + 20p), a refund none; `extra` adds what no payment of ours explains (another app's charge).
 * The payout itself is a transaction of type 'payout' in its own list, as Stripe's is.
 */
export function createFakePayouts(state: State) {
  const payouts = new Map<string, FakePayout>();
  const byPayout = new Map<string, FakeBalanceTransaction[]>();

  const txn = (type: string, amount: number, fee: number, source: string | null): FakeBalanceTransaction => ({
    id: fakeId('txn'),
    object: 'balance_transaction',
    type,
    amount,
    fee,
    net: amount - fee,
    currency: 'gbp',
    source,
    created: Math.floor(Date.now() / 1000),
  });

  function payout(o: {
    arrivalDate: Date;
    paymentIntents?: string[];
    refunds?: string[];
    extra?: { type: string; amount: number; fee: number }[];
  }) {
    const list: FakeBalanceTransaction[] = [];
    for (const pi of o.paymentIntents ?? []) {
      const charge = state.pi(pi).latest_charge;
      if (!charge) throw new Error(`${pi} has no charge to pay out`);
      const amount = state.charges.get(charge)!.amount;
      list.push(txn('charge', amount, Math.round(amount * 0.015) + 20, charge));
    }
    for (const re of o.refunds ?? []) list.push(txn('refund', -state.refunds.get(re)!.amount, 0, re));
    for (const e of o.extra ?? []) list.push(txn(e.type, e.amount, e.fee, e.type === 'charge' ? fakeId('ch') : null));
    const total = list.reduce((s, t) => s + t.net, 0);
    const self = txn('payout', -total, 0, null);
    const p: FakePayout = {
      id: fakeId('po'),
      object: 'payout',
      amount: total,
      arrival_date: Math.floor(o.arrivalDate.getTime() / 1000),
      status: 'paid',
      currency: 'gbp',
      balance_transaction: self.id,
      created: Math.floor(Date.now() / 1000),
    };
    self.source = p.id;
    payouts.set(p.id, p);
    byPayout.set(p.id, [...list, self]);
    return p;
  }

  const num = (v: FormValue | undefined) => (typeof v === 'string' ? Number(v) : undefined);

  function expanded(t: FakeBalanceTransaction) {
    if (!t.source) return t;
    const source = state.charges.get(t.source) ?? state.refunds.get(t.source) ?? payouts.get(t.source) ?? t.source;
    return { ...t, source };
  }

  function route(method: string, path: string, form: Record<string, FormValue>): Reply | null {
    if (method !== 'GET') return null;
    if (path === '/v1/payouts') {
      const range = (form.arrival_date ?? {}) as Record<string, FormValue>;
      const gte = num(range.gte) ?? -Infinity;
      const lte = num(range.lte) ?? Infinity;
      const data = [...payouts.values()].filter((p) => p.arrival_date >= gte && p.arrival_date <= lte);
      return { status: 200, body: { object: 'list', url: '/v1/payouts', has_more: false, data } };
    }
    if (path === '/v1/balance_transactions') {
      const payoutId = typeof form.payout === 'string' ? form.payout : '';
      const expand = Array.isArray(form.expand) ? form.expand : form.expand ? [form.expand] : [];
      const list = byPayout.get(payoutId) ?? [];
      const data = expand.includes('data.source') ? list.map(expanded) : list;
      return { status: 200, body: { object: 'list', url: '/v1/balance_transactions', has_more: false, data } };
    }
    return null;
  }

  return { payouts, route, payout };
}
