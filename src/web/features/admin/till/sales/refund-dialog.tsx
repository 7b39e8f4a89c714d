import { useRef, useState } from 'react';
import type { Sale } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { textInput } from '../../../../components/ui/primitives';
import { toast } from '../../../../components/ui/toast-store';
import { problemText } from '../../../../lib/problem-text';
import { RadioChoices, TextField } from '../../components/fields';
import { ConfirmDialog } from '../../venue/confirm-dialog';
import { useRefund } from '../api/till-api';
import { newRequestId } from '../lib/request-id';
import { refundLinesOf, refundTotal } from '../lib/refund';

/**
 * Refund chosen lines of a sale: how many of each, back to the card or from the drawer. Staff may refund
 * within 10 minutes of the sale, admins later (the server's rule; its message says so).
 */
export function RefundDialog({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [method, setMethod] = useState<'card' | 'cash'>(sale.method === 'card' ? 'card' : 'cash');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One refund however often Refund is pressed for the same choice.
  const requestId = useRef(newRequestId());
  const refund = useRefund(sale.id);
  const lines = refundLinesOf(sale, quantities);
  const total = refundTotal(sale, quantities);

  function confirm() {
    if (!lines.ok) return setProblem(lines.message);
    setProblem(null);
    refund.mutate(
      { requestId: requestId.current, lines: lines.lines, method, reason },
      {
        onSuccess: () => {
          toast({
            title: 'Refund made',
            description: `${formatPence(total)} ${method === 'card' ? 'back to the card' : 'from the drawer'}.`,
          });
          onClose();
        },
        onError: (err) => setProblem(problemText(err)),
      },
    );
  }

  return (
    <ConfirmDialog
      open
      title={`Refund sale ${sale.number}`}
      confirmLabel={`Refund ${formatPence(total)}`}
      backLabel="Back"
      pending={refund.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">How many of each to refund</legend>
        {sale.lines.map((l) => {
          const left = l.quantity - l.refundedQuantity;
          return (
            <div key={l.id} className="flex items-center justify-between gap-2">
              <label htmlFor={`till-refund-${l.id}`} className="min-w-0">
                {l.description}{' '}
                <span className="text-sm text-slate-700">
                  ({left} of {l.quantity} left, {formatPence(l.unitPence)} each)
                </span>
              </label>
              <input
                id={`till-refund-${l.id}`}
                className={`${textInput} w-20 shrink-0`}
                inputMode="numeric"
                autoComplete="off"
                disabled={left === 0}
                value={quantities[l.id] ?? ''}
                onChange={(e) => {
                  requestId.current = newRequestId();
                  setQuantities((q) => ({ ...q, [l.id]: e.target.value }));
                }}
              />
            </div>
          );
        })}
      </fieldset>
      <RadioChoices
        name="till-refund-method"
        legend="Refund"
        choices={[
          { value: 'card', label: 'To the card', disabled: sale.method !== 'card' },
          { value: 'cash', label: 'In cash' },
        ]}
        value={method}
        onChange={(v) => {
          requestId.current = newRequestId();
          setMethod(v);
        }}
      />
      <TextField
        id="till-refund-reason"
        label="Reason (optional)"
        value={reason}
        onChange={setReason}
        maxLength={200}
      />
      {problem ? (
        <p role="alert" className="font-semibold text-berry-700">
          {problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
