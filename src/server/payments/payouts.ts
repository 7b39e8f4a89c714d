import Stripe from 'stripe';
import type { PayoutSource, ProviderBalanceTransaction, ProviderPayout } from './payout-types';
import { PaymentProviderError } from './provider';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function intentOf(source: Stripe.BalanceTransaction['source']): string | null {
  if (!source || typeof source === 'string') return null;
  const pi = 'payment_intent' in source ? source.payment_intent : null;
  if (!pi) return null;
  return typeof pi === 'string' ? pi : pi.id;
}

export function createStripePayouts(stripe: Stripe): PayoutSource {
  return {
    async listPayouts({ arrivalFrom, arrivalTo }) {
      try {
        const out: ProviderPayout[] = [];
        for await (const p of stripe.payouts.list({
          arrival_date: { gte: seconds(arrivalFrom), lte: seconds(arrivalTo) },
          limit: 100,
        })) {
          const transactions: ProviderBalanceTransaction[] = [];
          for await (const t of stripe.balanceTransactions.list({ payout: p.id, expand: ['data.source'], limit: 100 }))
            transactions.push({
              id: t.id,
              type: t.type,
              amountPence: t.amount,
              feePence: t.fee,
              netPence: t.net,
              paymentIntentId: intentOf(t.source),
            });
          out.push({
            id: p.id,
            arrivalDate: new Date(p.arrival_date * 1000),
            amountPence: p.amount,
            status: p.status,
            transactions,
          });
        }
        return out;
      } catch (err) {
        throw new PaymentProviderError(`Stripe: listing payouts failed: ${String(err)}`, err);
      }
    },
  };
}
