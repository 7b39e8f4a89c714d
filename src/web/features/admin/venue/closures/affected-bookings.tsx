import { useEffect, useRef, useState } from 'react';
import type { ClosureCancelResponse } from '../../../../../shared/contracts/catalogue';
import { longDate } from '../../../../../shared/date-text';
import { formatPence } from '../../../../../shared/money';
import { toast } from '../../../../components/ui/toast-store';
import { plural } from '../../lib/format';
import { smallPrimary } from '../../components/panel-parts';
import { ConfirmDialog } from '../confirm-dialog';
import { catalogueRequest, useCatalogueEdit } from '../catalogue-api';
import type { ClosureDone } from './closure-form';

type CancelInput = { bookingIds: string[]; reason: string };

/**
 * The paid bookings a new closure affects, and one button that cancels them all with a full refund and
 * an apology. Sent once however often it is pressed (and the server refunds nothing twice anyway).
 */
export function AffectedBookings({ done }: { done: ClosureDone }) {
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<ClosureCancelResponse | null>(null);
  const sending = useRef(false);
  const resultRef = useRef<HTMLParagraphElement>(null);
  // After the dialog has closed (its effect runs first, as a child's), the outcome takes the focus the
  // pressed button had: that button is gone.
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  const cancel = useCatalogueEdit((input: CancelInput) =>
    catalogueRequest<ClosureCancelResponse>('POST', '/closures/cancel-bookings', input),
  );
  const bookings = done.affectedBookings;

  function confirm() {
    if (sending.current) return;
    sending.current = true;
    cancel.mutate(
      { bookingIds: bookings.map((b) => b.id), reason: done.reason },
      {
        onSuccess: (res) => {
          setResult(res);
          setAsking(false);
          toast({
            title: 'Bookings cancelled',
            description: `${plural(res.cancelled, 'booking')} cancelled and ${formatPence(res.refundedPence)} refunded.`,
          });
        },
        onError: (err) => toast({ title: 'Bookings not cancelled', description: err.message, variant: 'destructive' }),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  return (
    <section aria-labelledby="closure-affected-heading" className="mt-4">
      <h4 id="closure-affected-heading" className="text-lg font-bold text-brand-800">
        Paid bookings on the closed dates
      </h4>
      {bookings.length === 0 ? (
        <p className="mt-1 text-slate-700">None: no family had booked these dates.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {bookings.map((b) => (
            <li key={b.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-3">
              <span className="min-w-0 break-words">
                <span className="font-semibold">{b.reference}</span> · {b.customerName}
              </span>
              <span className="text-slate-700">
                {longDate(b.visitDate)}, {b.sessionLabel} · {formatPence(b.paidPence)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {result ? (
        <p ref={resultRef} tabIndex={-1} role="status" className="mt-3 rounded-2xl bg-emerald-50 p-3 text-emerald-900">
          {plural(result.cancelled, 'booking')} cancelled, {formatPence(result.refundedPence)} refunded
          {result.alreadyCancelled > 0 ? `; ${result.alreadyCancelled} had already been cancelled` : ''}.
          {result.cancelled > 0 ? ' Each family cancelled has been sent an apology.' : ''}
          {result.notCancelled.length > 0
            ? ` Not cancelled yet, their bank payment is still clearing: ${result.notCancelled.map((b) => b.reference).join(', ')}. Cancel them in the Bookings tab once it has.`
            : ''}
        </p>
      ) : bookings.length > 0 ? (
        <button
          type="button"
          className={`${smallPrimary} mt-3 min-h-12 px-5`}
          disabled={cancel.isPending}
          onClick={() => setAsking(true)}
        >
          Cancel and refund these bookings
        </button>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={`Cancel and refund ${plural(bookings.length, 'booking')}?`}
        confirmLabel="Yes, cancel and refund"
        backLabel="Keep the bookings"
        pending={cancel.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        <p>
          Each booking is cancelled with a full refund of what was paid, and the family is sent an apology giving the
          reason: “{done.reason}”. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
