import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import type { Sale } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { smallSecondary } from '../../components/panel-parts';
import { formatTime } from '../../lib/format';
import { getSale, saleKey } from '../api/till-api';
import { paidBy, paidNow } from '../lib/receipt-text';
import { RefundDialog } from './refund-dialog';

const statusLabel: Record<Sale['status'], string> = {
  awaiting_card: 'Waiting for card',
  paid: 'Paid',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

const refundable = (s: Sale) => s.status === 'paid' && s.lines.some((l) => l.refundedQuantity < l.quantity);

/** The sales made on this till here, newest first, each with Refund while something is left to refund. */
export function RecentSales({ saleIds }: { saleIds: string[] }) {
  const sales = useQueries({ queries: saleIds.map((id) => ({ queryKey: saleKey(id), queryFn: () => getSale(id) })) });
  const [refunding, setRefunding] = useState<Sale | null>(null);
  return (
    <section
      aria-labelledby="till-recent-heading"
      className="rounded-3xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <h2 id="till-recent-heading" className="text-xl font-bold text-brand-800">
        Recent sales
      </h2>
      {saleIds.length === 0 ? <p className="mt-1 text-slate-700">No sales on this till yet.</p> : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {sales.map((q, i) => {
          const s = q.data;
          if (!s)
            return (
              <li key={saleIds[i]} className="py-2 text-slate-700">
                {q.isError ? 'This sale could not be loaded.' : 'Loading...'}
              </li>
            );
          const refunded = s.lines.some((l) => l.refundedQuantity > 0);
          return (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="font-semibold text-slate-900">
                  Sale {s.number} · {formatTime(s.createdAt)} · {formatPence(paidNow(s))}
                </span>
                <span className="block text-sm text-slate-700">
                  {statusLabel[s.status]} · {paidBy(s)}
                  {refunded ? ' · part refunded' : ''} ·{' '}
                  {s.lines.map((l) => `${l.quantity} x ${l.description}`).join(', ')}
                </span>
              </span>
              {refundable(s) ? (
                <button type="button" className={smallSecondary} onClick={() => setRefunding(s)}>
                  Refund<span className="sr-only"> sale {s.number}</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {refunding ? <RefundDialog sale={refunding} onClose={() => setRefunding(null)} /> : null}
    </section>
  );
}
