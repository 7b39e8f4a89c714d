import type { FieldErrors } from '../../../lib/use-zod-form';
import type { BookingFields } from '../lib/use-submit-booking';
import { FieldError, textInput } from '../../../components/ui/primitives';

const fields = [
  { name: 'customerName', label: 'Full Name', type: 'text', autoComplete: 'name', inputMode: 'text' },
  { name: 'customerPhone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'customerEmail', label: 'Email Address', type: 'email', autoComplete: 'email', inputMode: 'email' },
] as const;

/** Name, phone and e-mail, each labelled, with its error tied to it for screen readers. */
export function ContactFields({
  values,
  errors,
  onChange,
}: {
  values: BookingFields;
  errors: FieldErrors<BookingFields>;
  onChange: (field: (typeof fields)[number]['name'], value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((f) => {
        const error = errors[f.name];
        return (
          <div key={f.name} className={f.name === 'customerName' ? 'sm:col-span-2' : ''}>
            <label htmlFor={f.name} className="block font-semibold text-slate-900">
              {f.label}
            </label>
            <input
              id={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              inputMode={f.inputMode}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${f.name}-error` : undefined}
              className={`${textInput} mt-1`}
              name={f.name}
              value={values[f.name]}
              onChange={(e) => onChange(f.name, e.target.value)}
            />
            <FieldError id={`${f.name}-error`} message={error} />
          </div>
        );
      })}
    </div>
  );
}
