import type { InputHTMLAttributes } from 'react';
import { FieldError, textInput } from '../../components/ui/primitives';

/** The input's own attributes; the field sets id, name, value and onChange. */
export type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'>;

/** One labelled text input of the gift voucher form, with its message tied to it for screen readers. */
export function LabelledInput({
  inputId,
  name,
  label,
  value,
  onChange,
  message,
  ...props
}: {
  inputId: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  message?: string;
} & InputAttributes) {
  return (
    <div>
      <label htmlFor={inputId} className="block font-semibold text-slate-900">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        className={`${textInput} mt-1`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${inputId}-error` : undefined}
        {...props}
      />
      <FieldError id={`${inputId}-error`} message={message} />
    </div>
  );
}
