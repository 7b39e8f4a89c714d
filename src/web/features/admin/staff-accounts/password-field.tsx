import { useId } from 'react';
import { FieldError, textInput } from '../../../components/ui/primitives';

/** A labelled password input with its message; `hint` is read out with it (the rules for a new one). */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  hint,
  autoComplete,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type="password"
        className={textInput}
        value={value}
        maxLength={200}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      <FieldError id={`${id}-err`} message={error} />
    </div>
  );
}
