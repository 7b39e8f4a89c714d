import { Ban } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { staffCancelSchema } from '../../../../shared/contracts/booking-manager';
import { formatPence } from '../../../../shared/money';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api';
import { useZodForm } from '../../../lib/use-zod-form';
import { useStaffCancel } from '../api/booking-manager-api';
import { useSignInAgainOn } from '../api/staff-query';

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

  function submit(e: FormEvent) {
    e.preventDefault();
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

  const choices: { value: Refund; label: string }[] = [
    { value: 'full', label: `Full refund (${formatPence(refundablePence)})` },
    { value: 'partial', label: 'Part of it' },
    { value: 'none', label: 'No refund' },
  ];
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${fid}-title`}
      className="rounded-2xl border-2 border-red-200 bg-white p-4 shadow-sm"
    >
      <h4 id={`${fid}-title`} className="font-bold text-red-900">
        Cancel this booking
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        Places, session credits, a voucher and points go back as when a family cancels, and the family is e-mailed.
      </p>
      <fieldset className="mt-3">
        <legend className="font-semibold text-slate-900">Refund</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
          {choices.map((c) => (
            <label key={c.value} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${fid}-refund`}
                value={c.value}
                className="h-5 w-5 accent-brand-700"
                checked={values.refund === c.value}
                disabled={c.value !== 'none' && refundablePence === 0}
                onChange={() => set('refund', c.value)}
              />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      {values.refund === 'partial' ? (
        <div className="mt-3 max-w-sm">
          <label htmlFor={`${fid}-amount`} className="mb-1 block font-semibold text-slate-900">
            Amount to refund (£, at most {formatPence(refundablePence)})
          </label>
          <input
            id={`${fid}-amount`}
            className={textInput}
            inputMode="decimal"
            autoComplete="off"
            value={values.refundPence}
            onChange={(e) => set('refundPence', e.target.value)}
            aria-invalid={errors.refundPence ? true : undefined}
            aria-describedby={errors.refundPence ? `${fid}-amount-err` : undefined}
          />
          <FieldError id={`${fid}-amount-err`} message={errors.refundPence} />
        </div>
      ) : null}
      <div className="mt-3">
        <label htmlFor={`${fid}-reason`} className="mb-1 block font-semibold text-slate-900">
          Reason (kept in the staff history)
        </label>
        <textarea
          id={`${fid}-reason`}
          className={`${textInput} min-h-20`}
          maxLength={500}
          value={values.reason}
          onChange={(e) => set('reason', e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${fid}-reason-err` : undefined}
        />
        <FieldError id={`${fid}-reason-err`} message={errors.reason} />
      </div>
      <button
        type="submit"
        disabled={cancel.isPending}
        className="mt-4 inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-red-800 px-5 py-2 font-semibold text-white hover:bg-red-900 disabled:cursor-not-allowed disabled:bg-slate-400"
      >
        <Ban aria-hidden className="h-5 w-5" />
        {cancel.isPending
          ? 'Cancelling...'
          : amount !== undefined && amount > 0
            ? `Cancel and refund ${formatPence(amount)}`
            : 'Cancel booking'}
      </button>
    </form>
  );
}
