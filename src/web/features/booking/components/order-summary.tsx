import { ShoppingBasket, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPence } from '../../../../shared/money';
import { type OrderLine, orderTotal, pointsPreview } from '../lib/order';

/**
 * The order panel: lines, total, anything the step adds under the total (a gift voucher's lines), the
 * points the visit would earn, and the step's action.
 */
export function OrderSummary({
  lines,
  showPoints = true,
  creditSaving = 0,
  afterTotal,
  children,
}: {
  lines: OrderLine[];
  showPoints?: boolean;
  creditSaving?: number;
  /** Shown under the total; the details step's gift voucher lines (kept out of the tickets step's code). */
  afterTotal?: ReactNode;
  children?: ReactNode;
}) {
  const total = orderTotal(lines);
  return (
    <section
      aria-labelledby="order-summary-title"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="order-summary-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <ShoppingBasket aria-hidden className="h-5 w-5 text-brand-700" />
        Order Summary
      </h2>
      {lines.length === 0 ? (
        <p className="mt-4 text-slate-700">No tickets selected yet. Add tickets to see your total.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {lines.map((l) => (
            <li key={l.id} className="flex justify-between gap-3 py-2">
              <span className="text-slate-800">
                {l.quantity} × {l.title}
              </span>
              <span className="font-semibold text-slate-900">{formatPence(l.amount)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex items-baseline justify-between border-t-2 border-slate-200 pt-4">
        <span className="text-lg font-bold text-slate-900">Total</span>
        <span className="text-2xl font-bold text-brand-800" data-testid="order-total">
          {formatPence(total)}
        </span>
      </div>
      {afterTotal}
      {creditSaving > 0 ? (
        <p className="mt-2 text-sm font-medium text-brand-800">
          Session credits could save you up to {formatPence(creditSaving)}; they are applied automatically.
        </p>
      ) : null}
      {showPoints && total > 0 ? (
        <p className="mt-3 flex items-center gap-2 rounded-xl bg-sun-300/40 px-3 py-2 text-sm font-medium text-slate-900">
          <Star aria-hidden className="h-4 w-4 shrink-0 text-amber-700" />
          You&apos;ll earn {pointsPreview(total)} loyalty points with this booking
        </p>
      ) : null}
      {children ? <div className="mt-5">{children}</div> : null}
    </section>
  );
}
