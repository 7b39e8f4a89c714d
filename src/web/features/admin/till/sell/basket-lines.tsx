import { Minus, Plus } from 'lucide-react';
import { formatPence } from '../../../../../shared/money';
import { lineTotal, maxQuantity, type BasketLine } from '../lib/basket';

const qtyButton =
  'inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50 disabled:border-slate-300 disabled:text-slate-500';

/** The basket's lines, each with one fewer / one more as 48 px buttons. */
export function BasketLines({
  lines,
  onChange,
}: {
  lines: BasketLine[];
  onChange: (key: string, delta: number) => void;
}) {
  if (lines.length === 0) return <p className="py-4 text-slate-700">Nothing in the sale yet: tap an item to add it.</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {lines.map((l) => (
        <li key={l.key} className="flex items-center gap-2 py-2">
          <span className="min-w-0 grow">
            <span className="block font-semibold break-words text-slate-900">{l.name}</span>
            <span className="text-sm text-slate-700">{formatPence(l.unitPence)} each</span>
          </span>
          <button type="button" className={qtyButton} onClick={() => onChange(l.key, -1)}>
            <Minus aria-hidden className="h-5 w-5" />
            <span className="sr-only">One fewer {l.name}</span>
          </button>
          <span className="w-7 text-center text-lg font-bold text-slate-900" aria-label={`Quantity of ${l.name}`}>
            {l.quantity}
          </span>
          <button
            type="button"
            className={qtyButton}
            disabled={l.quantity >= maxQuantity[l.kind]}
            onClick={() => onChange(l.key, 1)}
          >
            <Plus aria-hidden className="h-5 w-5" />
            <span className="sr-only">One more {l.name}</span>
          </button>
          <span className="shrink-0 text-right font-semibold whitespace-nowrap text-slate-900">
            {formatPence(lineTotal(l))}
          </span>
        </li>
      ))}
    </ul>
  );
}
