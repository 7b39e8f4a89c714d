import { Ban, type LucideIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { textInput } from '../../../components/ui/primitives';
import { TextArea } from './fields';

const tones = {
  plain: { card: 'border border-slate-200', title: 'text-brand-800' },
  danger: { card: 'border-2 border-red-200', title: 'text-red-900' },
};

/**
 * One action on a booking or party (move, cancel, notes): a card-like form named by its heading, so tests
 * and screen readers find it as "form Move party". `id` is the caller's useId, shared with its fields.
 */
export function StaffActionForm({
  id,
  title,
  tone = 'plain',
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  tone?: keyof typeof tones;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      className={`rounded-2xl ${tones[tone].card} bg-white p-4 shadow-sm`}
    >
      <h4 id={`${id}-title`} className={`font-bold ${tones[tone].title}`}>
        {title}
      </h4>
      {children}
    </form>
  );
}

const buttonTones = {
  plain: 'bg-brand-700 hover:bg-brand-800',
  danger: 'bg-red-800 hover:bg-red-900',
};

/** The large submit button of a booking manager action, disabled and relabelled while it runs. */
export function ActionSubmit({
  icon: Icon,
  pending,
  pendingLabel,
  label,
  tone = 'plain',
}: {
  icon: LucideIcon;
  pending: boolean;
  pendingLabel: string;
  label: string;
  tone?: keyof typeof buttonTones;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={`mt-4 inline-flex min-h-11 items-center justify-center gap-2 rounded-full ${buttonTones[tone]} px-5 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:bg-slate-400`}
    >
      <Icon aria-hidden className="h-5 w-5" />
      {pending ? pendingLabel : label}
    </button>
  );
}

/** The server's refusal under the button; always in the page (empty and hidden) so it is announced. */
export function Refusal({ text }: { text: string }) {
  return (
    <p role="alert" className="mt-2 font-semibold text-red-800 empty:hidden">
      {text}
    </p>
  );
}

/** The required reason of a cancellation, kept in the staff history; then the red button that cancels. */
export function CancelReasonAndSubmit({
  id,
  label,
  value,
  onChange,
  error,
  pending,
  submitLabel,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <>
      <div className="mt-3">
        <TextArea
          id={`${id}-reason`}
          label={label}
          className={`${textInput} min-h-20`}
          rows={2}
          maxLength={500}
          value={value}
          onChange={onChange}
          error={error}
        />
      </div>
      <ActionSubmit icon={Ban} tone="danger" pending={pending} pendingLabel="Cancelling..." label={submitLabel} />
    </>
  );
}
