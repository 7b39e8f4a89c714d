import { useEffect, useId, useRef } from 'react';
import { useNavigate } from '../../../app/router';
import { KioskModeForm } from '../../../components/staff/kiosk-mode-form';
import { secondaryButton } from '../../../components/ui/primitives';

/**
 * Asks for the device's name, then turns this browser into the check-in kiosk: the staff session on
 * it ends (the server revokes it) and the device may only check families in, until staff sign in again.
 */
export function KioskModeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

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
      <KioskModeForm
        look="light"
        defaultLabel=""
        submitLabel="Start kiosk mode"
        secondaryAction={
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
        }
        onStarted={() => {
          onClose();
          navigate('/check-in');
        }}
      />
    </dialog>
  );
}
