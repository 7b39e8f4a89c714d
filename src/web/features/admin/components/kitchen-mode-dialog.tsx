import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { kitchenModeSchema } from '../../../../shared/contracts/cafe-orders';
import { FieldError, primaryButton, secondaryButton, textInput } from '../../../components/ui/primitives';
import { apiPost } from '../../../lib/api';
import { problemText } from '../../../lib/problem-text';

/**
 * Turns this browser into the kitchen screen (POST /api/staff/kitchen-mode, issue 49): the staff session on it
 * ends and a kitchen session starts; then a whole page load opens /kitchen.
 */
export function KitchenModeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [label, setLabel] = useState('Kitchen screen');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = kitchenModeSchema.safeParse({ label });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    apiPost('/api/staff/kitchen-mode', parsed.data).then(
      () => window.location.assign('/kitchen'),
      (err: unknown) => {
        setBusy(false);
        setError(problemText(err));
      },
    );
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-800">
        Kitchen mode on this device
      </h2>
      <p className="mt-2 text-slate-700">
        This device will show only the kitchen screen with the table orders. You will be signed out here.
      </p>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <div>
          <label htmlFor={`${id}-name`} className="mb-1 block font-semibold text-slate-800">
            Name of this screen
          </label>
          <input
            id={`${id}-name`}
            className={textInput}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Starting...' : 'Start kitchen mode'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
