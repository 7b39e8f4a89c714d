import { useId, type FormEvent, type ReactNode } from 'react';
import { kioskModeSchema } from '../../../shared/contracts/staff';
import { useStartKioskMode } from '../../api/staff-session';
import { useZodForm } from '../../lib/use-zod-form';
import { toast } from '../ui/toast-store';
import { FieldError, primaryButton, textInput } from '../ui/primitives';

const darkButton =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-5 py-2 font-semibold transition';

/** Light: inside the dashboard's dialog. Dark: the bar over /check-in for signed-in staff. */
const looks = {
  light: {
    form: 'mt-4 space-y-4',
    label: 'mb-1 block font-semibold text-slate-800',
    input: textInput,
    actions: 'flex flex-wrap justify-end gap-3',
    submit: primaryButton,
  },
  dark: {
    form: 'flex flex-col gap-3 p-4 sm:p-5 lg:flex-row lg:items-end',
    label: 'mb-1 block text-sm font-semibold',
    input:
      'block min-h-12 w-full rounded-xl border-2 border-slate-400 bg-white px-3 text-slate-900 focus:border-sun-400 focus:outline-none lg:w-56',
    actions: 'contents',
    submit: `${darkButton} bg-sun-300 text-slate-900 hover:bg-sun-400`,
  },
};

/** The bar's Sign Out button, in the dark look. */
export const darkOutlineButton = `${darkButton} border-2 border-white text-white hover:bg-slate-700`;

/**
 * Names this device and turns it into the check-in kiosk (POST /api/staff/kiosk-mode): the staff session
 * on it ends (the server revokes it) and the device may only check families in and out, until staff sign
 * in again. Used by the dashboard's dialog and by the staff bar on /check-in.
 */
export function KioskModeForm({
  look,
  defaultLabel,
  submitLabel,
  intro,
  secondaryAction,
  onStarted,
}: {
  look: keyof typeof looks;
  defaultLabel: string;
  submitLabel: string;
  /** Shown first inside the form (the bar's "Signed in as ..."). */
  intro?: ReactNode;
  /** Cancel (dialog, shown before the submit button) or Sign Out (bar, after it). */
  secondaryAction: ReactNode;
  onStarted: (label: string) => void;
}) {
  const id = useId();
  const start = useStartKioskMode();
  const { values, errors, set, check } = useZodForm({ label: defaultLabel });
  const error = errors.label;
  const css = looks[look];

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(kioskModeSchema);
    if (!parsed.ok) return;
    start.mutate(parsed.data.label, {
      onSuccess: () => onStarted(parsed.data.label),
      onError: (err) => toast({ title: 'Kiosk mode failed', description: err.message, variant: 'destructive' }),
    });
  }

  const submitButton = (
    <button type="submit" className={css.submit} disabled={start.isPending}>
      {start.isPending ? 'Starting...' : submitLabel}
    </button>
  );
  return (
    <form className={css.form} onSubmit={submit} noValidate>
      {intro}
      <div>
        <label htmlFor={`${id}-name`} className={css.label}>
          Device name
        </label>
        <input
          id={`${id}-name`}
          className={css.input}
          value={values.label}
          maxLength={60}
          placeholder={look === 'light' ? 'Front desk tablet' : undefined}
          onChange={(e) => set('label', e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
        />
        {look === 'light' ? (
          <FieldError id={`${id}-err`} message={error} />
        ) : error ? (
          <p id={`${id}-err`} role="alert" className="mt-1 text-sm font-semibold text-sun-300">
            {error}
          </p>
        ) : null}
      </div>
      <div className={css.actions}>
        {look === 'light' ? (
          <>
            {secondaryAction}
            {submitButton}
          </>
        ) : (
          <>
            {submitButton}
            {secondaryAction}
          </>
        )}
      </div>
    </form>
  );
}
