import { Minus, Plus } from 'lucide-react';
import type { TicketTypeDto } from '../../../../shared/contracts/booking';
import { MAX_PER_TYPE } from '../components/ticket-counter';

const roundButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-full border-2 border-brand-700 text-brand-800 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400 disabled:hover:bg-transparent';

/** One ticket type's count in a row (the details step's "Who's coming?"): step 1's counter, without the card. */
export function SmallCounter({
  type,
  count,
  canRemove,
  onChange,
}: {
  type: TicketTypeDto;
  count: number;
  /** False for the order's last ticket: the details step always has one. */
  canRemove: boolean;
  onChange: (n: number) => void;
}) {
  const titleId = `small-counter-${type.id}`;
  return (
    <div role="group" aria-labelledby={titleId} className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span id={titleId} className="font-semibold text-slate-900">
        {type.title}
      </span>
      <span className="flex items-center gap-3">
        <button
          type="button"
          className={roundButton}
          aria-label={`Remove one ${type.title}`}
          disabled={count <= 0 || !canRemove}
          onClick={() => onChange(count - 1)}
        >
          <Minus aria-hidden className="h-5 w-5" />
        </button>
        <output aria-live="polite" aria-label={`${type.title} selected`} className="w-8 text-center text-xl font-bold">
          {count}
        </output>
        <button
          type="button"
          className={roundButton}
          aria-label={`Add one ${type.title}`}
          disabled={count >= MAX_PER_TYPE}
          onClick={() => onChange(count + 1)}
        >
          <Plus aria-hidden className="h-5 w-5" />
        </button>
      </span>
    </div>
  );
}
