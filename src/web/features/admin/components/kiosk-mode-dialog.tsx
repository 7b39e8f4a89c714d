import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { kioskModeSchema } from '../../../../shared/contracts/staff';
import { useStartKioskMode } from '../../../api/staff-session';
import { FieldError, primaryButton, secondaryButton, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';

/**
 * Asks for the device's name, then turns this browser into the check-in kiosk: the staff session on
 * it ends (the server revokes it) and the device may only check families in, until staff sign in again.
 */
export function KioskModeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string>();
  const start = useStartKioskMode();
  const navigate = useNavigate();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = kioskModeSchema.safeParse({ label });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    start.mutate(parsed.data.label, {
      onSuccess: () => {
        onClose();
        navigate('/check-in');
      },
      onError: (err) => toast({ title: 'Kiosk mode failed', description: err.message, variant: 'destructive' }),
    });
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-brand-800">
        Start kiosk mode on this device
      </h2>
      <p className="mt-2 text-slate-700">
        This device will show only the check-in kiosk. You will be signed out here; sign in again to use the staff area.
      </p>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <div>
          <label htmlFor={`${id}-name`} className="mb-1 block font-semibold text-slate-800">
            Device name
          </label>
          <input
            id={`${id}-name`}
            className={textInput}
            value={label}
            placeholder="Front desk tablet"
            onChange={(e) => setLabel(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-err` : undefined}
          />
          <FieldError id={`${id}-err`} message={error} />
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={start.isPending}>
            {start.isPending ? 'Starting...' : 'Start kiosk mode'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
