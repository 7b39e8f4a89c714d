import { formatPence } from '../../../../shared/money';
import { joinSummaryLines, namesText, priceText, type PublicPlan } from '../../../lib/membership-text';

/** The plain summary before and at payment: the plan, who it covers, what is paid today and what follows. */
export function JoinSummary({
  plan,
  childNames,
  amount = plan.pricePence,
}: {
  plan: PublicPlan;
  childNames: string[];
  /** What the server will charge today (the plan's price until it has answered). */
  amount?: number;
}) {
  const [, ...after] = joinSummaryLines(plan);
  return (
    <section aria-labelledby="join-summary-title" className="rounded-2xl bg-brand-50 p-4">
      <h3 id="join-summary-title" className="font-bold text-slate-900">
        Summary
      </h3>
      <dl className="mt-3 space-y-2">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-800">{plan.name}</dt>
          <dd className="text-right text-slate-800">{priceText(plan.pricePence, plan.period)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-800">For</dt>
          <dd className="text-right text-slate-800" data-testid="join-children">
            {childNames.length ? namesText(childNames) : 'No child chosen yet'}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-3 border-t-2 border-brand-100 pt-2">
          <dt className="text-lg font-bold text-slate-900">To pay today</dt>
          <dd className="text-2xl font-bold text-brand-800" data-testid="join-total">
            {formatPence(amount)}
          </dd>
        </div>
      </dl>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {after.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
