import { denominations } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { textInput } from '../../../../components/ui/primitives';
import { countOf, denominationLabel, drawerTotal, type DrawerCount } from '../lib/cash';

/** The drawer counted by denomination: how many of each note and coin, each box's value and the running total. */
export function DrawerCountGrid({ count, onChange }: { count: DrawerCount; onChange: (next: DrawerCount) => void }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 font-semibold text-slate-900">How many of each note and coin</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {denominations.map((d) => {
          const key = String(d);
          const n = countOf(count[key] ?? '');
          return (
            <div key={d} className="rounded-2xl bg-slate-50 p-2">
              <label htmlFor={`till-count-${d}`} className="block font-bold text-slate-900">
                {denominationLabel(d)}
                <span className="sr-only"> {d >= 500 ? 'notes' : 'coins'}</span>
              </label>
              <input
                id={`till-count-${d}`}
                className={textInput}
                inputMode="numeric"
                autoComplete="off"
                maxLength={5}
                value={count[key] ?? ''}
                aria-invalid={n === null ? true : undefined}
                onChange={(e) => onChange({ ...count, [key]: e.target.value })}
              />
              <p className="mt-1 text-sm text-slate-700" aria-hidden>
                {n === null ? 'Not a number' : formatPence(n * d)}
              </p>
            </div>
          );
        })}
      </div>
      <p className="mt-3 text-2xl font-bold text-slate-900" aria-live="polite">
        Counted: {formatPence(drawerTotal(count))}
      </p>
    </fieldset>
  );
}
