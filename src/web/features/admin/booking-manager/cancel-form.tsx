import { useId } from 'react';
import { staffCancelSchema } from '../../../../shared/contracts/booking-manager';
import { formatPence } from '../../../../shared/money';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/use-zod-form';
import { useStaffCancel } from '../api/booking-manager-api';
import { useSignInAgainOn } from '../api/staff-query';
import { RadioChoices, TextField } from '../components/fields';
import { CancelReasonAndSubmit, StaffActionForm } from '../components/staff-action-form';

type Refund = 'full' | 'partial' | 'none';
const POUNDS = /^\d{1,6}(\.\d{1,2})?$/;
/** "10.5" or "10.50" as 1050 pence (integer arithmetic on the digits, no float rounding). */
function toPence(text: string): number | undefined {
  const t = text.trim().replace(/^£/, '');
  if (!POUNDS.test(t)) return undefined;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/**
 * Staff cancel a booking at any time with a reason and a full, partial or no refund. The button is
 * disabled while the request runs, and the server refunds once however often it is pressed.
 */
export function CancelForm({ id, refundablePence }: { id: string; refundablePence: number }) {
  const fid = useId();
  const cancel = useStaffCancel(id);
  useSignInAgainOn(cancel.error);
  const { values, errors, set, check, setErrors } = useZodForm(
    { reason: '', refund: (refundablePence > 0 ? 'full' : 'none') as Refund, refundPence: '' },
    { afterChange: 'clear' },
  );
  const amount =
    values.refund === 'full' ? refundablePence : values.refund === 'partial' ? toPence(values.refundPence) : 0;

  function submit() {
    const parsed = check(staffCancelSchema, {
      input: (v) => ({
        reason: v.reason,
        refund: v.refund,
        refundPence: v.refund === 'partial' ? toPence(v.refundPence) : undefined,
      }),
      also: (v) => {
        if (v.refund !== 'partial') return {};
        const p = toPence(v.refundPence);
        if (p === undefined) return { refundPence: 'Enter an amount in pounds, like 10.50' };
        if (p > refundablePence) return { refundPence: `At most ${formatPence(refundablePence)}` };
        return {};
      },
    });
    if (!parsed.ok) return;
    cancel.mutate(parsed.data, {
      onSuccess: (res) =>
        toast({
          title: res.alreadyCancelled ? 'Already cancelled' : 'Booking cancelled',
          description: res.refundPence > 0 ? `${formatPence(res.refundPence)} is being refunded.` : 'No refund.',
        }),
      onError: (err) => {
        const field = err instanceof ApiError ? err.fields?.refundPence?.[0] : undefined;
        if (field) setErrors({ refundPence: field });
        toast({ title: 'Not cancelled', description: err.message, variant: 'destructive' });
      },
    });
  }

  const choices: { value: Refund; label: string; disabled: boolean }[] = [
    { value: 'full', label: `Full refund (${formatPence(refundablePence)})`, disabled: refundablePence === 0 },
    { value: 'partial', label: 'Part of it', disabled: refundablePence === 0 },
    { value: 'none', label: 'No refund', disabled: false },
  ];
  return (
    <StaffActionForm id={fid} title="Cancel this booking" tone="danger" onSubmit={submit}>
      <p className="mt-1 text-sm text-slate-700">
        Places, session credits, a voucher and points go back as when a family cancels, and the family is e-mailed.
      </p>
      <RadioChoices
        name={`${fid}-refund`}
        legend="Refund"
        choices={choices}
        value={values.refund}
        onChange={(v) => set('refund', v)}
      />
      {values.refund === 'partial' ? (
        <div className="mt-3 max-w-sm">
          <TextField
            id={`${fid}-amount`}
            label={`Amount to refund (£, at most ${formatPence(refundablePence)})`}
            inputMode="decimal"
            autoComplete="off"
            value={values.refundPence}
            onChange={(v) => set('refundPence', v)}
            error={errors.refundPence}
          />
        </div>
      ) : null}
      <CancelReasonAndSubmit
        id={fid}
        label="Reason (kept in the staff history)"
        value={values.reason}
        onChange={(v) => set('reason', v)}
        error={errors.reason}
        pending={cancel.isPending}
        submitLabel={amount !== undefined && amount > 0 ? `Cancel and refund ${formatPence(amount)}` : 'Cancel booking'}
      />
    </StaffActionForm>
  );
}
