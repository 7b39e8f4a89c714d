import { formatPence } from '../../../../shared/money';
import type { PendingPurchase } from '../lib/pending-purchase';

/** The payment step's summary: what is bought, the saving and the total the server will charge. */
export function PurchaseSummary({ purchase }: { purchase: PendingPurchase }) {
  return (
    <section aria-labelledby="purchase-summary-title" className="rounded-2xl bg-brand-50 p-4">
      <h3 id="purchase-summary-title" className="font-bold text-slate-900">
        Purchase Summary
      </h3>
      <dl className="mt-3 space-y-2">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-800">{purchase.credits} Session Credits</dt>
          <dd className="text-slate-800">{formatPence(purchase.amount + purchase.savings)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="font-medium text-brand-800">You Save</dt>
          <dd className="font-semibold text-brand-800">-{formatPence(purchase.savings)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-3 border-t-2 border-brand-100 pt-2">
          <dt className="text-lg font-bold text-slate-900">Total</dt>
          <dd className="text-2xl font-bold text-brand-800" data-testid="purchase-total">
            {formatPence(purchase.amount)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        For {purchase.details.customerName} ({purchase.details.customerEmail}).{' '}
        {formatPence(Math.round(purchase.amount / purchase.credits))} per child session, never expiring.
      </p>
    </section>
  );
}
