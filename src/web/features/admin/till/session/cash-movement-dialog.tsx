import { cashMovementSchema } from '../../../../../shared/contracts/till';
import { formatPence } from '../../../../../shared/money';
import { toast } from '../../../../components/ui/toast-store';
import { problemText } from '../../../../lib/problem-text';
import { useZodForm } from '../../../../lib/use-zod-form';
import { MoneyField, RadioChoices, TextField } from '../../components/fields';
import { penceOr0, poundsErrors } from '../../venue/money';
import { ConfirmDialog } from '../../venue/confirm-dialog';
import { useCashMovement } from '../api/till-api';

type Fields = { direction: 'in' | 'out'; amount: string; reason: string };
const empty: Fields = { direction: 'out', amount: '', reason: '' };

/** Cash put in the drawer (more change) or taken out (to the safe, a refund of a delivery), with a reason. */
export function CashMovementDialog({
  sessionId,
  open,
  onClose,
}: {
  sessionId: string;
  open: boolean;
  onClose: () => void;
}) {
  const form = useZodForm<Fields>(empty, { afterChange: 'clear' });
  const move = useCashMovement(sessionId);
  const close = () => {
    form.reset();
    move.reset();
    onClose();
  };
  function confirm() {
    const parsed = form.check(cashMovementSchema, {
      input: (v) => ({ direction: v.direction, amountPence: penceOr0(v.amount), reason: v.reason }),
      also: (v) => poundsErrors(v, ['amount']),
    });
    if (!parsed.ok) return;
    move.mutate(parsed.data, {
      onSuccess: () => {
        toast({
          title: `Cash ${parsed.data.direction === 'in' ? 'in' : 'out'} recorded`,
          description: `${formatPence(parsed.data.amountPence)}: ${parsed.data.reason}`,
        });
        close();
      },
    });
  }
  const errors = form.errors as Partial<Record<string, string>>;
  return (
    <ConfirmDialog
      open={open}
      title="Cash in or out"
      confirmLabel="Record"
      backLabel="Back"
      pending={move.isPending}
      onConfirm={confirm}
      onClose={close}
    >
      <RadioChoices
        name="till-cash-direction"
        legend="Cash"
        choices={[
          { value: 'in', label: 'Put in the drawer' },
          { value: 'out', label: 'Taken out' },
        ]}
        value={form.values.direction}
        onChange={(v) => form.set('direction', v)}
      />
      <MoneyField
        id="till-cash-amount"
        label="Amount (£)"
        value={form.values.amount}
        onChange={(v) => form.set('amount', v)}
        error={errors.amount ?? errors.amountPence}
      />
      <TextField
        id="till-cash-reason"
        label="Reason"
        value={form.values.reason}
        onChange={(v) => form.set('reason', v)}
        error={errors.reason}
        maxLength={200}
      />
      {move.isError ? (
        <p role="alert" className="font-semibold text-berry-700">
          {problemText(move.error)}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
