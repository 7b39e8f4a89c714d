import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { formatPence } from '../../../../shared/money';
import { CountStepper } from './count-stepper';

/** Tailwind needs whole class names: one accent per ticket colour from the database. */
const accents: Record<string, string> = {
  pink: 'bg-pink-100 text-pink-800',
  sky: 'bg-sky-100 text-sky-800',
  amber: 'bg-amber-100 text-amber-800',
  lime: 'bg-lime-100 text-lime-800',
};

export function TicketCounter({
  type,
  count,
  onChange,
}: {
  type: TicketTypeDto;
  count: number;
  onChange: (n: number) => void;
}) {
  const titleId = `ticket-${type.id}-title`;
  return (
    <div role="group" aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-lg font-bold text-slate-900">
          {type.title}
        </h3>
        <span
          className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${accents[type.colour] ?? 'bg-brand-100 text-brand-800'}`}
        >
          {type.ageRange}
        </span>
      </div>
      <p className="mt-1 text-slate-700">{type.description}</p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg font-bold whitespace-nowrap text-brand-800">
          {formatPence(type.price + type.fee)} <span className="text-sm font-normal text-slate-600">each</span>
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <CountStepper title={type.title} count={count} onChange={onChange} large />
        </div>
      </div>
    </div>
  );
}
