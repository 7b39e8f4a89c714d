import { Plus, X } from 'lucide-react';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { smallSecondary } from '../components/panel-parts';
import { labelClass } from '../components/fields';

type Column<K extends string> = {
  key: K;
  label: string;
  type?: string;
  placeholder?: string;
  /** A sentence rather than a word (a house rule): a two-line box that wraps, so all of it shows. */
  multiline?: boolean;
};

/**
 * A short list of rows typed in columns (opening days and hours, social links): each input labelled with
 * its column and line ("Days, line 2"), a Remove button per line, and Add a line up to `max`.
 */
export function RowsField<K extends string>({
  id,
  legend,
  columns,
  rows,
  onChange,
  error,
  hint,
  max,
}: {
  id: string;
  legend: string;
  columns: readonly Column<K>[];
  rows: Record<K, string>[];
  onChange: (rows: Record<K, string>[]) => void;
  error?: string;
  hint?: string;
  max: number;
}) {
  const blank = Object.fromEntries(columns.map((c) => [c.key, ''])) as Record<K, string>;
  const change = (i: number, key: K, value: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={error ? `${id}-err` : undefined} className="min-w-0">
      <legend className={labelClass}>{legend}</legend>
      {hint ? <p className="mb-2 text-sm text-slate-700">{hint}</p> : null}
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2 rounded-2xl bg-slate-50 p-2">
            {columns.map((c) => (
              // A sentence takes the whole width on a phone, its Remove button under it.
              <div key={c.key} className={`min-w-[10rem] flex-1 ${c.multiline ? 'basis-full sm:basis-0' : ''}`}>
                <label htmlFor={`${id}-${i}-${c.key}`} className="mb-1 block text-sm font-semibold text-slate-900">
                  {c.label}
                  <span className="sr-only">, line {i + 1}</span>
                </label>
                {c.multiline ? (
                  <textarea
                    id={`${id}-${i}-${c.key}`}
                    rows={2}
                    placeholder={c.placeholder}
                    // As tall as its text where the browser can (field-sizing), two lines where it cannot.
                    className={`${textInput} field-sizing-content`}
                    value={row[c.key]}
                    onChange={(e) => change(i, c.key, e.target.value)}
                  />
                ) : (
                  <input
                    id={`${id}-${i}-${c.key}`}
                    type={c.type ?? 'text'}
                    placeholder={c.placeholder}
                    className={textInput}
                    value={row[c.key]}
                    onChange={(e) => change(i, c.key, e.target.value)}
                  />
                )}
              </div>
            ))}
            <button
              type="button"
              className={`${smallSecondary} min-h-12`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <X aria-hidden className="h-4 w-4" />
              Remove
              <span className="sr-only">
                {' '}
                line {i + 1} of {legend}
              </span>
            </button>
          </li>
        ))}
      </ol>
      {rows.length < max ? (
        <button type="button" className={`${smallSecondary} mt-3`} onClick={() => onChange([...rows, blank])}>
          <Plus aria-hidden className="h-4 w-4" />
          Add a line<span className="sr-only"> to {legend}</span>
        </button>
      ) : null}
      <FieldError id={`${id}-err`} message={error} />
    </fieldset>
  );
}
