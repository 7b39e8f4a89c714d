import { Plus, X } from 'lucide-react';
import type { FormEvent } from 'react';
import type { DayTypesDocument } from '../../../../../shared/day-types';
import { dayTypesEditSchema, MAX_OVERRIDES } from '../../../../../shared/contracts/day-types';
import { longDate } from '../../../../../shared/date-text';
import { FieldError, textInput } from '../../../../components/ui/primitives';
import { toast } from '../../../../components/ui/toast-store';
import { labelClass } from '../../components/fields';
import { smallPrimary, smallSecondary } from '../../components/panel-parts';
import { reportEditError } from '../edit-errors';
import { useEditForm } from '../use-edit-form';
import { bandOptions, messagesByField, plainBands } from './day-types-draft';
import { useSaveDayTypes } from './save-day-types';

/**
 * Single dates put in a band whatever the rules say (a local event, the week before Christmas). The bands and
 * rules are sent back as they are.
 */
export function OverridesForm({
  doc,
  version,
  today,
  onStale,
  onSaved,
}: {
  doc: DayTypesDocument;
  version: number;
  today: string;
  onStale: (current: unknown) => void;
  onSaved: () => void;
}) {
  const f = useEditForm({ overrides: doc.overrides.map((o) => ({ ...o })) });
  const save = useSaveDayTypes();
  const rows = f.values.overrides;
  const options = bandOptions(doc.bands);
  const id = f.fieldId('overrides');
  const change = (i: number, part: Partial<(typeof rows)[number]>) =>
    f.set(
      'overrides',
      rows.map((r, j) => (j === i ? { ...r, ...part } : r)),
    );

  function submit(e: FormEvent) {
    e.preventDefault();
    const input = { version, bands: plainBands(doc.bands), rules: doc.rules, overrides: rows };
    const parsed = dayTypesEditSchema.safeParse(input);
    if (!parsed.success) {
      f.show(messagesByField(parsed.error.issues, { overrides: 'Date' }));
      return;
    }
    save.mutate(input, {
      onSuccess: () => {
        onSaved();
        toast({
          title: 'Single dates saved',
          description:
            rows.length === 0
              ? 'No single dates: every day follows the rules.'
              : `${rows.length === 1 ? '1 date is' : `${rows.length} dates are`} set by hand: ${rows
                  .slice(0, 3)
                  .map((r) => `${longDate(r.date)} ${options.find((o) => o.value === r.bandId)?.label ?? ''}`)
                  .join('; ')}${rows.length > 3 ? '...' : '.'}`,
        });
      },
      onError: (err) => reportEditError(err, { what: 'Single dates', keys: f.keys, show: f.show, onStale }),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Single dates" className="space-y-4">
      <fieldset
        id={id}
        tabIndex={-1}
        aria-describedby={f.errors.overrides ? `${id}-err` : undefined}
        className="min-w-0"
      >
        <legend className={labelClass}>Dates in a band of their own choosing</legend>
        <p className="mb-2 text-sm text-slate-700">
          {rows.length === 0 ? 'None: every day follows the rules above.' : 'These dates ignore the rules.'}
        </p>
        <ol className="space-y-3">
          {rows.map((row, i) => (
            <li key={i} className="flex flex-wrap items-end gap-2 rounded-2xl bg-slate-50 p-2">
              <div className="min-w-[10rem] flex-1">
                <label htmlFor={`${id}-${i}-date`} className="mb-1 block text-sm font-semibold text-slate-900">
                  Date<span className="sr-only"> {i + 1}</span>
                </label>
                <input
                  id={`${id}-${i}-date`}
                  type="date"
                  min={today}
                  className={textInput}
                  value={row.date}
                  onChange={(e) => change(i, { date: e.target.value })}
                />
              </div>
              <div className="min-w-[10rem] flex-1">
                <label htmlFor={`${id}-${i}-band`} className="mb-1 block text-sm font-semibold text-slate-900">
                  Band<span className="sr-only"> of date {i + 1}</span>
                </label>
                <select
                  id={`${id}-${i}-band`}
                  className={textInput}
                  value={row.bandId}
                  onChange={(e) => change(i, { bandId: e.target.value })}
                >
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <button
                type="button"
                className={`${smallSecondary} min-h-12`}
                onClick={() =>
                  f.set(
                    'overrides',
                    rows.filter((_, j) => j !== i),
                  )
                }
              >
                <X aria-hidden className="h-4 w-4" /> Remove
                <span className="sr-only"> date {i + 1}</span>
              </button>
            </li>
          ))}
        </ol>
        {rows.length < MAX_OVERRIDES ? (
          <button
            type="button"
            className={`${smallSecondary} mt-3`}
            onClick={() => f.set('overrides', [...rows, { date: '', bandId: doc.bands.at(-1)?.id ?? '' }])}
          >
            <Plus aria-hidden className="h-4 w-4" /> Add a date
          </button>
        ) : null}
        <FieldError id={`${id}-err`} message={f.errors.overrides} />
      </fieldset>
      <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save single dates'}
      </button>
    </form>
  );
}
