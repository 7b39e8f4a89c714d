import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { fieldId, type ChildDraft } from './family-form';

/** The focus moves to an element that is rendered next (a row just added, the button after a row removed). */
export const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

export const removeButton =
  'inline-flex min-h-11 items-center gap-2 rounded-full px-3 font-semibold text-berry-700 underline hover:bg-berry-700/5';

/** One child of the profile: first name, date of birth and notes for staff, and Remove. */
export function ChildRow({
  child: c,
  index,
  today,
  errors,
  onChange,
  onRemove,
}: {
  child: ChildDraft;
  index: number;
  today: string;
  errors: Record<string, string>;
  onChange: (change: Partial<ChildDraft>) => void;
  onRemove: () => void;
}) {
  const id = (f: string) => fieldId('child', c.key, f);
  const who = c.firstName.trim() || `child ${index + 1}`;
  return (
    <li className="rounded-2xl border-2 border-slate-200 p-4" data-testid="family-child">
      <fieldset>
        <legend className="text-lg font-bold text-slate-900">{c.firstName.trim() || `Child ${index + 1}`}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          <TextField
            id={id('firstName')}
            label="First name"
            value={c.firstName}
            autoComplete="off"
            error={errors[id('firstName')]}
            onChange={(firstName) => onChange({ firstName })}
          />
          <TextField
            id={id('dateOfBirth')}
            label="Date of birth"
            type="date"
            max={today}
            value={c.dateOfBirth}
            error={errors[id('dateOfBirth')]}
            onChange={(dateOfBirth) => onChange({ dateOfBirth })}
          />
        </div>
        <div className="mt-3">
          <TextField
            id={id('notes')}
            label="Notes (optional)"
            hint="Allergies, additional needs: anything our staff should know."
            multiline
            value={c.notes}
            error={errors[id('notes')]}
            onChange={(notes) => onChange({ notes })}
          />
        </div>
        <button type="button" className={`${removeButton} mt-2`} onClick={onRemove}>
          <Trash2 aria-hidden className="h-4 w-4" />
          Remove {who}
        </button>
      </fieldset>
    </li>
  );
}

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  multiline,
  autoComplete,
  max,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: 'text' | 'tel' | 'date';
  multiline?: boolean;
  autoComplete?: string;
  max?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea
          {...common}
          rows={2}
          maxLength={500}
          onChange={(e) => onChange(e.target.value)}
          className={`${textInput} mt-1 resize-y`}
        />
      ) : (
        <input
          {...common}
          type={type}
          max={max}
          autoComplete={autoComplete}
          inputMode={type === 'tel' ? 'tel' : undefined}
          onChange={(e) => onChange(e.target.value)}
          className={`${textInput} mt-1`}
        />
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
