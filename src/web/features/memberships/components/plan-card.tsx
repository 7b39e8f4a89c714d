import { ArrowRight, Check } from 'lucide-react';
import { primaryButton } from '../../../components/ui/primitives';
import { childrenText, daysText, priceText, visitsText, type PublicPlan } from '../../../lib/membership-text';

/** One plan on sale: its price, what it covers in words, and Join. */
export function PlanCard({ plan, onJoin }: { plan: PublicPlan; onJoin: (plan: PublicPlan) => void }) {
  const titleId = `plan-${plan.id}-title`;
  const facts = [
    `Covers ${childrenText(plan.children).toLowerCase()} named on your family profile`,
    daysText(plan.days),
    visitsText(plan.visitsPerDay),
    plan.adultsFree ? 'Grown-ups come in free' : 'Grown-ups pay the usual adult price',
    plan.period === 'monthly' ? 'Renews each month until you cancel' : 'Paid once for the year',
  ];
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="membership-plan"
    >
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-2 text-3xl font-bold text-brand-800">{priceText(plan.pricePence, plan.period)}</p>
      {plan.description ? <p className="mt-2 text-slate-700">{plan.description}</p> : null}
      <ul className="mt-4 flex-1 space-y-2 text-slate-800">
        {facts.map((f) => (
          <li key={f} className="flex gap-2">
            <Check aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
            {f}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${primaryButton} mt-5 w-full`}
        aria-describedby={titleId}
        onClick={() => onJoin(plan)}
      >
        Join
        <ArrowRight aria-hidden className="h-5 w-5" />
      </button>
    </article>
  );
}
