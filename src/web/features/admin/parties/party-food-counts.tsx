import type { PartyWeekResponse } from '../../../../shared/contracts/admin-parties';
import { FieldError, textInput } from '../../../components/ui/primitives';

/** "Food: how many children chose each": one count per menu choice, quicker on the phone than one per child. */
export function PartyFoodCounts({
  formId,
  options,
  counts,
  total,
  error,
  onChange,
}: {
  formId: string;
  options: PartyWeekResponse['foodOptions'];
  counts: Record<string, string>;
  total: number;
  error?: string;
  onChange: (counts: Record<string, string>) => void;
}) {
  return (
    <fieldset className="mt-4" aria-describedby={error ? `${formId}-food-err` : undefined}>
      <legend className="font-semibold text-slate-900">Food: how many children chose each ({total} so far)</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((o) => (
          <div key={o.id}>
            <label htmlFor={`${formId}-food-${o.id}`} className="mb-1 block text-sm text-slate-900">
              {o.name}
              {o.allergens.length > 0 ? (
                <span className="text-red-800"> (contains {o.allergens.join(', ')})</span>
              ) : null}
            </label>
            <input
              id={`${formId}-food-${o.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              className={textInput}
              value={counts[o.id] ?? ''}
              onChange={(e) => onChange({ ...counts, [o.id]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <FieldError id={`${formId}-food-err`} message={error} />
    </fieldset>
  );
}
