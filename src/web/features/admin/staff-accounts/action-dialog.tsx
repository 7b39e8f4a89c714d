import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { primaryButton, secondaryButton } from '../../../components/ui/primitives';

/**
 * A modal that asks before an admin action (deactivate, end a device, reset a password): a native
 * <dialog>, so focus is trapped and Escape cancels without a library. `children` may hold form fields;
 * the confirm button submits.
 */
export function ActionDialog({
  open,
  title,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  function submit(e: FormEvent) {
    e.preventDefault();
    onConfirm();
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      {open ? (
        <form onSubmit={submit} noValidate className="space-y-4">
          <h2 id={`${id}-title`} className="text-xl font-bold text-brand-800">
            {title}
          </h2>
          {children}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={primaryButton} disabled={pending}>
              {pending ? 'Working...' : confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
