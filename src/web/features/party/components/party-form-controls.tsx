import type { ReactNode } from 'react';
import { FieldError, textInput } from '../../../components/ui/primitives';
import type { PartyField, PartyForm } from '../lib/use-party-inquiry-form';

export const fieldId = (f: PartyField) => `party-${f}`;
/** A radio's id: its field and value, with the spaces and colons of a time ("9:30-11:30 AM") made dashes. */
export const choiceId = (f: PartyField, value: string) => `${fieldId(f)}-${value.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
const errorId = (f: PartyField) => `party-${f}-error`;

/** What every control of field `f` carries: value binding, focus hook and the error tie-in for screen readers. */
export function controlProps(form: PartyForm, f: PartyField) {
  const error = form.errors[f];
  return {
    id: fieldId(f),
    name: f,
    value: form.values[f],
    'data-party-field': f,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId(f) : undefined,
    className: `${textInput} mt-1`,
    onChange: (e: { target: { value: string } }) => form.setField(f, e.target.value),
  } as const;
}

/** A labelled field with its message underneath. */
export function Field({
  form,
  field,
  label,
  optional,
  children,
}: {
  form: PartyForm;
  field: PartyField;
  label: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={fieldId(field)} className="block font-semibold text-slate-900">
        {label}
        {optional ? <span className="font-normal text-slate-700"> (optional)</span> : null}
      </label>
      {children}
      <FieldError id={errorId(field)} message={form.errors[field]} />
    </div>
  );
}

export type Choice = { value: string; title: string; detail?: string };

/**
 * A group of large radio choices (every one a 48 px target) labelled by `labelledBy`. The group,
 * not each radio, is what is invalid and described by the message.
 */
export function ChoiceGroup({
  form,
  field,
  labelledBy,
  choices,
  onPick,
  className = 'grid gap-3 sm:grid-cols-2',
}: {
  form: PartyForm;
  field: PartyField;
  labelledBy: string;
  choices: Choice[];
  onPick?: (value: string) => void;
  className?: string;
}) {
  const error = form.errors[field];
  return (
    <div>
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(field) : undefined}
        className={className}
      >
        {choices.map((c) => (
          <label
            key={c.value}
            className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 bg-white px-4 py-3 text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-berry-600 ${error ? 'border-berry-700' : 'border-slate-300'}`}
          >
            <input
              type="radio"
              id={choiceId(field, c.value)}
              name={field}
              value={c.value}
              checked={form.values[field] === c.value}
              data-party-field={field}
              onChange={() => (onPick ? onPick(c.value) : form.setField(field, c.value))}
              className="h-5 w-5 shrink-0 accent-brand-700 focus:outline-none"
            />
            <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold">{c.title}</span>
              {c.detail ? <span className="text-sm text-slate-700">{c.detail}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId(field)} message={error} />
    </div>
  );
}

/** One titled part of the form: the SPEC.md section headings. */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      id={id}
      className="scroll-mt-20 border-t border-slate-200 pt-5 first:border-t-0 first:pt-0"
    >
      <h3 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {title}
      </h3>
      <div className="mt-3 grid gap-4">{children}</div>
    </section>
  );
}
