import { Ban } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { staffPartyCancelSchema, type StaffPartySheet } from '../../../../shared/contracts/admin-parties';
import { formatPence } from '../../../../shared/money';
import { FieldError, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSignInAgainOn } from '../api/staff-query';
import { useCancelParty } from './parties-api';

type Override = 'rule' | 'refund' | 'keep';

const ruleText: Record<StaffPartySheet['depositRuleNow'], string> = {
  refund: 'More than 14 days before the party: the deposit is refunded, with anything else paid.',
  keep: '14 days or less before the party: the deposit is kept; anything paid beyond it is refunded.',
  none: 'Nothing has been paid yet, so there is nothing to refund.',
};

/**
 * Cancel a party by the deposit rule, shown before pressing. Only an admin sees the choice to overrule
 * it (the server refuses anyone else), and then the reason is required and kept with the party.
 */
export function CancelPartyForm({
  id,
  depositRule,
  paidPence,
  isAdmin,
}: {
  id: string;
  depositRule: StaffPartySheet['depositRuleNow'];
  paidPence: number;
  isAdmin: boolean;
}) {
  const fid = useId();
  const cancel = useCancelParty(id);
  useSignInAgainOn(cancel.error);
  const { values, errors, set, check } = useZodForm(
    { reason: '', override: 'rule' as Override },
    { afterChange: 'clear' },
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = check(staffPartyCancelSchema, {
      input: (v) => ({ reason: v.reason, overrideDeposit: v.override === 'rule' ? undefined : v.override }),
    });
    if (!parsed.ok) return;
    cancel.mutate(parsed.data, {
      onSuccess: (res) =>
        toast({
          title: res.alreadyCancelled ? 'Already cancelled' : 'Party cancelled',
          description:
            res.refundPence > 0
              ? `${formatPence(res.refundPence)} is being refunded. The family has been e-mailed.`
              : 'No refund. The family has been e-mailed.',
        }),
      onError: (err) => toast({ title: 'Not cancelled', description: err.message, variant: 'destructive' }),
    });
  }

  const overrideable = isAdmin && depositRule !== 'none';
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${fid}-title`}
      className="rounded-2xl border-2 border-red-200 bg-white p-4 shadow-sm"
    >
      <h4 id={`${fid}-title`} className="font-bold text-red-900">
        Cancel this party
      </h4>
      <p className="mt-1 text-sm text-slate-700">
        {ruleText[depositRule]} Paid so far: {formatPence(paidPence)}. The room is freed and the family is e-mailed.
      </p>
      {overrideable ? (
        <fieldset className="mt-3">
          <legend className="font-semibold text-slate-900">Deposit (admin)</legend>
          <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
            {(
              [
                ['rule', 'Follow the rule'],
                ['refund', 'Refund the deposit anyway'],
                ['keep', 'Keep the deposit anyway'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${fid}-override`}
                  value={value}
                  className="h-5 w-5 accent-brand-700"
                  checked={values.override === value}
                  onChange={() => set('override', value)}
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="mt-3">
        <label htmlFor={`${fid}-reason`} className="mb-1 block font-semibold text-slate-900">
          Reason (kept with the party and in the staff history)
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
        {cancel.isPending ? 'Cancelling...' : 'Cancel party'}
      </button>
    </form>
  );
}
