import { longDate } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { Spinner } from '../../../components/ui/primitives';
import type { QuoteState } from './use-party-quote';

type Props = {
  quote: QuoteState;
  /** What has been chosen so far, in words ("Saturday 12 December 2026, 12:00 PM - 2:00 PM"). */
  chosen: string[];
};

/** The live price as the server quoted it: its lines, the total, the deposit today and the balance's date. */
export function PriceSummary({ quote, chosen }: Props) {
  return (
    <section
      aria-labelledby="book-price-heading"
      className="rounded-2xl border-2 border-brand-100 bg-brand-50 p-4 text-slate-900"
    >
      <h3 id="book-price-heading" className="text-lg font-bold">
        Your party
      </h3>
      {chosen.length > 0 ? (
        <ul className="mt-1 space-y-0.5 text-slate-800">
          {chosen.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
      <div aria-live="polite" className="mt-3">
        {quote.status === 'idle' ? (
          <p className="text-slate-800">Choose a package and the number of children to see the price.</p>
        ) : quote.status === 'loading' ? (
          <Spinner label="Working out the price..." className="justify-start py-1" />
        ) : quote.status === 'error' ? (
          <p className="font-medium text-berry-700">{quote.message}</p>
        ) : (
          <>
            <dl className="space-y-1">
              {quote.quote.lines.map((l) => (
                <div key={`${l.kind} ${l.label}`} className="flex justify-between gap-3">
                  <dt>
                    {l.label}
                    {l.kind === 'per_child' ? (
                      <span className="text-slate-700">
                        {' '}
                        ({l.quantity} × {formatPence(l.unitPence)})
                      </span>
                    ) : null}
                  </dt>
                  <dd className="shrink-0 whitespace-nowrap tabular-nums">{formatPence(l.amountPence)}</dd>
                </div>
              ))}
              <div className="flex justify-between gap-3 border-t border-brand-100 pt-1 font-bold">
                <dt>Total</dt>
                <dd className="shrink-0 whitespace-nowrap tabular-nums">{formatPence(quote.quote.totalPence)}</dd>
              </div>
              <div className="flex justify-between gap-3 text-lg font-bold text-brand-800">
                <dt>Deposit to pay today</dt>
                <dd className="shrink-0 whitespace-nowrap tabular-nums">{formatPence(quote.quote.depositPence)}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt>Balance due by {longDate(quote.quote.balanceDueDate)}</dt>
                <dd className="shrink-0 whitespace-nowrap tabular-nums">{formatPence(quote.quote.balancePence)}</dd>
              </div>
            </dl>
          </>
        )}
      </div>
    </section>
  );
}
