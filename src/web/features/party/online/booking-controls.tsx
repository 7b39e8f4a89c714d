import type { ReactNode } from 'react';
import { FieldError, textInput } from '../../../components/ui/primitives';
import type { BookingField, PartyBookingForm } from './use-party-booking-form';

/** Ids of the online form's controls: apart from the enquiry form's (party-*) on the same page. */
export const bookingFieldId = (f: BookingField) => `book-${f}`;
export const bookingErrorId = (f: BookingField) => `book-${f}-error`;

/** The error tie-in every control of field `f` carries, and the hook the form uses to focus it. */
export function describedBy(form: PartyBookingForm, f: BookingField) {
  const error = form.errors[f];
  return {
    'data-booking-field': f,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? bookingErrorId(f) : undefined,
  } as const;
}

/** A text, select or textarea control bound to a string field. */
export function textControl(form: PartyBookingForm, f: Exclude<BookingField, 'foodChoices' | 'agreeToTerms'>) {
  return {
    id: bookingFieldId(f),
    name: f,
    value: form.values[f],
    className: `${textInput} mt-1`,
    onChange: (e: { target: { value: string } }) => form.setField(f, e.target.value),
    ...describedBy(form, f),
  } as const;
}

/** A labelled field with its message underneath. */
export function BookingFieldRow(props: {
  form: PartyBookingForm;
  field: BookingField;
  label: string;
  hint?: string;
  optional?: boolean;
  children: ReactNode;
}) {
  const { form, field, label, hint, optional, children } = props;
  return (
    <div>
      <label htmlFor={bookingFieldId(field)} className="block font-semibold text-slate-900">
        {label}
        {optional ? <span className="font-normal text-slate-700"> (optional)</span> : null}
      </label>
      {hint ? <p className="text-sm text-slate-700">{hint}</p> : null}
      {children}
      <FieldError id={bookingErrorId(field)} message={form.errors[field]} />
    </div>
  );
}

export type RadioCard = { value: string; title: string; detail?: ReactNode; disabled?: boolean; body?: ReactNode };

/** Large radio cards (48 px targets and more), one Tab stop with arrow keys inside, as the enquiry form's. */
export function RadioCards(props: {
  form: PartyBookingForm;
  field: 'slotId' | 'packageId';
  labelledBy: string;
  choices: RadioCard[];
  onPick: (value: string) => void;
  className?: string;
}) {
  const { form, field, labelledBy, choices, onPick, className = 'grid gap-3 sm:grid-cols-2' } = props;
  const error = form.errors[field];
  return (
    <div>
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? bookingErrorId(field) : undefined}
        className={className}
      >
        {choices.map((c) => (
          <label
            key={c.value}
            className={`flex min-h-12 items-start gap-3 rounded-xl border-2 bg-white px-4 py-3 text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-berry-600 ${c.disabled ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-700' : 'cursor-pointer'} ${error ? 'border-berry-700' : 'border-slate-300'}`}
          >
            <input
              type="radio"
              id={`${bookingFieldId(field)}-${c.value}`}
              name={`book-${field}`}
              value={c.value}
              checked={form.values[field] === c.value}
              disabled={c.disabled}
              data-booking-field={field}
              onChange={() => onPick(c.value)}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700 focus:outline-none"
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold">{c.title}</span>
                {c.detail ? <span className="text-sm text-slate-700">{c.detail}</span> : null}
              </span>
              {c.body}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={bookingErrorId(field)} message={error} />
    </div>
  );
}
