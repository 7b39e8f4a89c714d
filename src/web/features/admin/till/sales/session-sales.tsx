import { useState } from 'react';
import type { Sale } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { QueryState } from '../../components/query-state';
import { smallSecondary } from '../../components/panel-parts';
import { formatTime } from '../../lib/format';
import { useSessionSales } from '../api/till-api';
import { paidBy, paidNow } from '../lib/receipt-text';
import { RefundDialog } from './refund-dialog';

const statusLabel: Record<Sale['status'], string> = {
  awaiting_card: 'Waiting for card',
  paid: 'Paid',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

const refundable = (s: Sale) => s.status === 'paid' && s.lines.some((l) => l.refundedQuantity < l.quantity);

/** How many are shown before "Show all": a long day's list stays short on a phone. */
const FIRST = 12;

/**
 * Every sale on this till session, from the server (GET /api/till/sessions/:id/sales), newest first: made on
 * this device or another, before or after a switch of user. Each with Refund while something is left to refund.
 */
export function SessionSales({ sessionId }: { sessionId: string }) {
  const query = useSessionSales(sessionId);
  const [refunding, setRefunding] = useState<Sale | null>(null);
  const [all, setAll] = useState(false);
  const sales = query.data?.sales ?? [];
  const shown = all ? sales : sales.slice(0, FIRST);
  return (
    <section
      aria-labelledby="till-session-sales-heading"
      className="rounded-3xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <h2 id="till-session-sales-heading" className="text-xl font-bold text-brand-800">
        Sales this session
      </h2>
      <QueryState query={query} what="this session's sales" />
      {query.data && sales.length === 0 ? <p className="mt-1 text-slate-700">No sales on this till yet.</p> : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {shown.map((s) => {
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
      {!all && sales.length > FIRST ? (
        <button type="button" className={`${smallSecondary} mt-2`} onClick={() => setAll(true)}>
          Show all {sales.length} sales
        </button>
      ) : null}
      {refunding ? <RefundDialog sale={refunding} onClose={() => setRefunding(null)} /> : null}
    </section>
  );
}
