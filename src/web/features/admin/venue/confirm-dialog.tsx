import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { primaryButton, secondaryButton } from '../../../components/ui/primitives';

/**
 * Asks before an edit that cannot be undone (delete an item, cancel and refund bookings): a native
 * <dialog>, so focus stays inside and Escape steps back. The way back is named (`backLabel`), because
 * "Cancel" beside "Cancel and refund" would be ambiguous.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  backLabel,
  pending,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  backLabel: string;
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
    if (!pending) onConfirm();
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
          <h2 id={`${id}-title`} className="text-xl font-bold break-words text-brand-800">
            {title}
          </h2>
          {children}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className={secondaryButton} onClick={onClose}>
              {backLabel}
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
