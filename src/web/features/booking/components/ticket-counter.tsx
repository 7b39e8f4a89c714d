import { Minus, Plus } from 'lucide-react';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { formatPence } from '../../../../shared/money';
import { Tooltip } from '../../../components/ui/tooltip';

/** Tailwind needs whole class names: one accent per ticket colour from the database. */
const accents: Record<string, string> = {
  pink: 'bg-pink-100 text-pink-800',
  sky: 'bg-sky-100 text-sky-800',
  amber: 'bg-amber-100 text-amber-800',
  lime: 'bg-lime-100 text-lime-800',
};
export const MAX_PER_TYPE = 30;

const roundButton =
  'inline-flex h-12 w-12 items-center justify-center rounded-full border-2 border-brand-700 text-brand-800 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent';

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
          <Tooltip label={`Remove one ${type.title}`}>
            <button
              type="button"
              className={roundButton}
              aria-label={`Remove one ${type.title}`}
              disabled={count <= 0}
              onClick={() => onChange(count - 1)}
            >
              <Minus aria-hidden className="h-5 w-5" />
            </button>
          </Tooltip>
          <output
            aria-live="polite"
            aria-label={`${type.title} selected`}
            className="w-8 text-center text-2xl font-bold text-slate-900"
          >
            {count}
          </output>
          <Tooltip label={`Add one ${type.title}`} align="end">
            <button
              type="button"
              className={roundButton}
              aria-label={`Add one ${type.title}`}
              disabled={count >= MAX_PER_TYPE}
              onClick={() => onChange(count + 1)}
            >
              <Plus aria-hidden className="h-5 w-5" />
            </button>
          </Tooltip>
        </div>
      </div>
    </div>
  );
}
