import { BadgePercent, Ticket } from 'lucide-react';
import { formatPence } from '../../../../shared/money';
import { useCatalogue } from '../../../app/catalogue';
import { Card } from '../../../components/ui/primitives';
import { bundleValue } from '../../../../shared/bundle-value';

/** The catalogue's bundle against paying session by session at its child price (SPEC.md section 9). */
export function PricingComparison() {
  const { ticketTypes, visitRules } = useCatalogue();
  const { creditBundle } = visitRules;
  const value = bundleValue(creditBundle, ticketTypes);
  return (
    <Card>
      <h2 className="text-2xl font-bold text-slate-900">Pricing Comparison</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl border-2 border-brand-700 bg-brand-50 p-4">
          <p className="flex items-center gap-2 font-semibold text-brand-800">
            <Ticket aria-hidden className="h-5 w-5" />
            Bulk Credits
          </p>
          <p className="mt-2 text-4xl font-bold text-slate-900">{formatPence(creditBundle.pricePence)}</p>
          <p className="mt-1 text-slate-800">
            {creditBundle.credits} session credits, {formatPence(value.perCreditPence)} each
          </p>
        </div>
        <div className="rounded-2xl border-2 border-slate-200 p-4">
          <p className="font-semibold text-slate-700">Pay As You Go</p>
          <p className="mt-2 text-4xl font-bold text-slate-700">{formatPence(value.regularPricePence)}</p>
          <p className="mt-1 text-slate-700">
            {creditBundle.credits} sessions at {formatPence(value.childSessionPence)} each
          </p>
        </div>
      </div>
      <p className="mt-4 flex items-center justify-center gap-2 rounded-2xl bg-sun-300/50 px-4 py-3 text-lg font-bold text-slate-900">
        <BadgePercent aria-hidden className="h-6 w-6 shrink-0 text-berry-700" />
        You Save {formatPence(value.savingsPence)}
      </p>
    </Card>
  );
}
