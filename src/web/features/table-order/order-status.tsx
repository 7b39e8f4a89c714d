import { CircleCheck, ChefHat, Receipt } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { CafeOrderView } from '../../../shared/contracts/cafe-orders';
import { formatPence } from '../../../shared/money';
import { Card, secondaryButton, Spinner } from '../../components/ui/primitives';
import { problemText } from '../../lib/problem-text';
import type { PlacedOrder } from './basket';
import { cafeOrderStreamUrl, fetchCafeOrder } from './table-order-api';

const steps = [
  { status: 'paid', label: 'Paid', Icon: Receipt },
  { status: 'in_progress', label: 'Being made', Icon: ChefHat },
  { status: 'ready', label: 'Ready', Icon: CircleCheck },
] as const;

const headline = (o: CafeOrderView): string => {
  switch (o.status) {
    case 'pending_payment':
      return 'Waiting for your payment to clear';
    case 'paid':
      return 'Paid: the kitchen has your order';
    case 'in_progress':
      return 'Being made';
    case 'ready':
      return `Ready: we'll bring it to ${o.table.name}`;
    case 'canceled':
      return 'This order was cancelled';
    case 'refunded':
      return 'This order was refunded';
  }
};

/**
 * The order's status, live (GET /api/cafe/orders/{id}/stream): the browser's EventSource reconnects by
 * itself after a dropped connection and sends Last-Event-ID, so nothing is missed.
 */
function useLiveOrder(order: PlacedOrder) {
  const [view, setView] = useState<CafeOrderView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let closed = false;
    fetchCafeOrder(order.orderId, order.secret).then(
      (v) => !closed && setView((old) => old ?? v),
      (e: unknown) => !closed && setProblem(problemText(e)),
    );
    const source = new EventSource(cafeOrderStreamUrl(order.orderId, order.secret));
    source.addEventListener('order', (e) => {
      setView(JSON.parse((e as MessageEvent<string>).data) as CafeOrderView);
      setProblem(null);
    });
    return () => {
      closed = true;
      source.close();
    };
  }, [order.orderId, order.secret]);
  return { view, problem };
}

export function OrderStatus({ order, onNewOrder }: { order: PlacedOrder; onNewOrder: () => void }) {
  const { view, problem } = useLiveOrder(order);
  const reached = view ? steps.findIndex((s) => s.status === view.status) : -1;
  return (
    <Card className="max-w-xl">
      <p className="text-slate-700">Order number</p>
      <p className="text-5xl font-bold text-brand-800" data-testid="order-number">
        {order.number}
      </p>
      {problem ? (
        <p role="alert" className="mt-3 rounded-2xl bg-red-50 p-3 text-slate-900">
          {problem}
        </p>
      ) : null}
      {view ? (
        <>
          <p role="status" className="mt-4 text-2xl font-bold text-slate-900">
            {headline(view)}
          </p>
          <ol className="mt-4 flex gap-2" aria-label="Progress">
            {steps.map((s, i) => (
              <li
                key={s.status}
                aria-current={i === reached ? 'step' : undefined}
                className={`flex flex-1 flex-col items-center gap-1 rounded-2xl border-2 p-2 text-center text-sm font-semibold ${
                  i <= reached ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-200 text-slate-700'
                }`}
              >
                <s.Icon aria-hidden className="h-6 w-6" />
                {s.label}
              </li>
            ))}
          </ol>
          <ul className="mt-4 divide-y divide-slate-200">
            {view.lines.map((l, i) => (
              <li key={i} className="flex justify-between gap-2 py-2 text-slate-900">
                <span>
                  {l.quantity} × {l.name}
                  {l.options.length ? (
                    <span className="block text-sm text-slate-700">{l.options.join(', ')}</span>
                  ) : null}
                </span>
                <span>{formatPence(l.totalPence)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 font-bold text-slate-900">Total paid {formatPence(view.totalPence)}</p>
          {view.allergyNote ? <p className="mt-2 text-slate-800">Your note: {view.allergyNote}</p> : null}
        </>
      ) : problem ? null : (
        <Spinner label="Opening your order..." />
      )}
      <button type="button" className={`${secondaryButton} mt-4`} onClick={onNewOrder}>
        Order something else
      </button>
    </Card>
  );
}
