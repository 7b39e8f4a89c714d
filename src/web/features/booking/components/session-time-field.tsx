import { Clock } from 'lucide-react';
import type { SessionChoice } from '../lib/sessions';
import { FieldError } from '../../../components/ui/primitives';

/** The session choice as large radio cards; full or blocked sessions are shown but disabled. */
export function SessionTimeField({
  choices,
  value,
  onChange,
  error,
}: {
  choices: SessionChoice[];
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? 'selectedTime-error' : undefined}>
      <legend className="flex items-center gap-2 font-semibold text-slate-900">
        <Clock aria-hidden className="h-5 w-5 text-brand-700" />
        Session Time
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {choices.map((c) => (
          <label
            key={c.value || 'all-day'}
            className={`flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-2 ${
              c.disabled
                ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-600'
                : value === c.value && !c.disabled
                  ? 'border-brand-700 bg-brand-50'
                  : 'border-slate-300 bg-white hover:border-brand-700'
            }`}
          >
            <input
              type="radio"
              name="selectedTime"
              value={c.value}
              checked={value === c.value && !c.disabled}
              disabled={c.disabled}
              onChange={() => onChange(c.value)}
              className="h-5 w-5 accent-brand-700"
            />
            <span className="flex flex-col">
              <span className="font-semibold text-slate-900">{c.label}</span>
              {c.hint ? <span className="text-sm text-slate-700">{c.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id="selectedTime-error" message={error} />
    </fieldset>
  );
}
