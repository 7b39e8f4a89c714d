import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldError, textInput } from '../../../components/ui/primitives';

/**
 * The staff forms' fields (venue editors, booking manager, Parties tab): a visible label tied to its input,
 * an optional hint, and the field's message (aria-invalid, aria-describedby), in the booking pages' 48 px
 * inputs.
 */

export const labelClass = 'mb-1 block font-semibold text-slate-900';

type Common = { id: string; label: ReactNode; error?: string; hint?: ReactNode };

const describedBy = (id: string, error?: string, hint?: ReactNode) =>
  [hint ? `${id}-hint` : '', error ? `${id}-err` : ''].filter(Boolean).join(' ') || undefined;

function Wrap({ id, label, error, hint, children }: Common & { children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-err`} message={error} />
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

export function TextField({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  ...rest
}: Common & { value: string; onChange: (v: string) => void } & InputProps) {
  return (
    <Wrap id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={textInput}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </Wrap>
  );
}

/** Pounds and pence as typed ("9.50"); the form converts to pence (./money). */
export function MoneyField(props: Common & { value: string; onChange: (v: string) => void }) {
  return <TextField inputMode="decimal" autoComplete="off" placeholder="0.00" maxLength={12} {...props} />;
}

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'>;

export function TextArea({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  ...rest
}: Common & { value: string; onChange: (v: string) => void } & AreaProps) {
  return (
    <Wrap id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        rows={3}
        className={textInput}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...rest}
      />
    </Wrap>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  value,
  onChange,
  options,
}: Common & { value: string; onChange: (v: string) => void; options: readonly { value: string; label: string }[] }) {
  return (
    <Wrap id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={textInput}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Wrap>
  );
}

/** A checkbox whose whole label is the 44 px target. */
export function CheckboxField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 hover:bg-slate-50">
      <input
        id={id}
        type="checkbox"
        className="h-5 w-5 shrink-0 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="text-slate-900">{label}</span>
    </label>
  );
}

/** A group of checkboxes choosing several ids (allergens, dietary tags, sessions). */
export function CheckboxGroup({
  id,
  legend,
  options,
  chosen,
  onChange,
  error,
  hint,
}: {
  id: string;
  legend: string;
  options: readonly { id: string; label: string }[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
  hint?: ReactNode;
}) {
  const toggle = (value: string, on: boolean) =>
    onChange(options.map((o) => o.id).filter((o) => (o === value ? on : chosen.includes(o))));
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={describedBy(id, error, hint)} className="min-w-0">
      <legend className={labelClass}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="mb-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <div className="grid gap-x-2 sm:grid-cols-2">
        {options.map((o) => (
          <CheckboxField
            key={o.id}
            id={`${id}-${o.id}`}
            label={o.label}
            checked={chosen.includes(o.id)}
            onChange={(on) => toggle(o.id, on)}
          />
        ))}
      </div>
      <FieldError id={`${id}-err`} message={error} />
    </fieldset>
  );
}

/** One choice of a few as radio buttons in a row, each label the 44 px target (a refund, a deposit rule). */
export function RadioChoices<V extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  choices: readonly { value: V; label: string; disabled?: boolean }[];
  value: V;
  onChange: (v: V) => void;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="font-semibold text-slate-900">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
        {choices.map((c) => (
          <label key={c.value} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={name}
              value={c.value}
              className="h-5 w-5 accent-brand-700"
              checked={value === c.value}
              disabled={c.disabled}
              onChange={() => onChange(c.value)}
            />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
