import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatPence } from '../../../../../shared/money';
import { smallSecondary } from '../../components/panel-parts';

/** The payment step's card: what is due, large, the way back to the sale, and the step's own controls. */
export function PayFrame({
  title,
  duePence,
  problem,
  onBack,
  backDisabled,
  children,
}: {
  title: string;
  duePence: number;
  problem: string | null;
  onBack: () => void;
  backDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="till-pay-heading"
      className="space-y-3 rounded-3xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="till-pay-heading" className="text-xl font-bold text-brand-800">
          {title}
        </h2>
        <button type="button" className={smallSecondary} onClick={onBack} disabled={backDisabled}>
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Back to sale
        </button>
      </div>
      <p className="flex items-baseline justify-between">
        <span className="text-lg font-semibold text-slate-900">To pay</span>
        <span className="text-4xl font-bold text-slate-900">{formatPence(duePence)}</span>
      </p>
      {problem ? (
        <p role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-3 font-semibold text-red-900">
          {problem}
        </p>
      ) : null}
      {children}
    </section>
  );
}
