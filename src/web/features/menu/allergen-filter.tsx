import { Funnel, X } from 'lucide-react';
import { allergenInfo, allergens, type AllergenId } from '../../../shared/menu';

type Props = { avoid: ReadonlySet<AllergenId>; onToggle: (id: AllergenId) => void; onClear: () => void };

/** "Hide items containing ...": parents tick what their child must avoid; every tab follows. */
export function AllergenFilter({ avoid, onToggle, onClear }: Props) {
  const active = [...avoid].map((id) => allergenInfo(id).short);
  return (
    <details
      className="group rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      open={avoid.size > 0 || undefined}
    >
      <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-2 font-semibold text-brand-800 [&::-webkit-details-marker]:hidden">
        <Funnel aria-hidden className="h-5 w-5" />
        Filter by allergen
        {active.length > 0 && (
          <span className="basis-full text-sm font-normal text-slate-700 sm:basis-auto">
            (hiding items with {active.join(', ')})
          </span>
        )}
      </summary>
      <fieldset className="mt-3">
        <legend className="mb-2 text-slate-700">Hide items containing:</legend>
        <div className="flex flex-wrap gap-2">
          {allergens.map((a) => {
            const on = avoid.has(a.id);
            return (
              <button
                key={a.id}
                type="button"
                aria-pressed={on}
                onClick={() => onToggle(a.id)}
                className={`min-h-11 rounded-full px-4 text-sm font-semibold ring-1 ${
                  on
                    ? 'bg-amber-700 text-white ring-amber-700'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-amber-50'
                }`}
              >
                {a.label}
              </button>
            );
          })}
        </div>
        {avoid.size > 0 && (
          <button
            type="button"
            onClick={onClear}
            className="mt-3 inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-brand-800 underline hover:bg-brand-50"
          >
            <X aria-hidden className="h-4 w-4" />
            Clear filter
          </button>
        )}
      </fieldset>
    </details>
  );
}
