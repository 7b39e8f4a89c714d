import { useEffect, useRef, type FormEvent } from 'react';
import {
  redeemRewardSchema,
  type RequestRedemptionCodeResponse,
  type RewardDto,
  type VoucherDto,
} from '../../../../shared/contracts/loyalty';
import { FieldError, primaryButton, secondaryButton, Spinner, textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, type ApiErrorCode } from '../../../lib/api';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRedeem } from '../api/redeem';
import { redeemFailed } from './redeem-failed';

/** Problems with the code itself are shown under the field, so the family can try again there. */
const codeProblems = new Set<ApiErrorCode>(['invalid_code', 'code_expired', 'too_many_attempts', 'invalid_input']);
/** The form's one field, as the redeem call names it. */
const codeSchema = redeemRewardSchema.pick({ code: true });

/**
 * Step two of redeeming: the 6-digit code from the e-mail. A native modal <dialog> keeps focus inside
 * and closes on Escape, with no dialog library to load.
 */
export function RedeemCodeDialog(props: {
  email: string;
  memberId: string;
  reward: RewardDto;
  sent: RequestRedemptionCodeResponse;
  onResend: () => void;
  onClose: () => void;
  onRedeemed: (v: VoucherDto) => void;
}) {
  const { reward, sent } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const { values, errors, set, check, setErrors } = useZodForm({ code: '' });
  const error = errors.code;
  const redeem = useRedeem(props.email);

  useEffect(() => {
    // Removing the element ends the modal state, so unmounting is closing; focus goes back where it was.
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => previous?.focus();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = check(codeSchema);
    if (!parsed.ok) return;
    redeem.mutate(
      { memberId: props.memberId, rewardId: reward.id, pointsCost: reward.pointsCost, code: parsed.data.code },
      {
        onSuccess: (res) => {
          toast({
            title: 'Reward Redeemed!',
            description: `Your voucher code is ${res.voucher.code}. We have emailed it to you too.`,
          });
          props.onRedeemed(res.voucher);
        },
        onError: (err) => {
          if (err instanceof ApiError && codeProblems.has(err.code)) setErrors({ code: err.message });
          else {
            redeemFailed();
            props.onClose();
          }
        },
      },
    );
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby="redeem-code-title"
      aria-describedby="redeem-code-help"
      onClose={props.onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id="redeem-code-title" className="text-2xl font-bold">
        Enter Your Code
      </h2>
      <p id="redeem-code-help" className="mt-2 text-slate-700">
        To redeem <strong>{reward.title}</strong> for {reward.pointsCost} points, enter the 6-digit code we emailed to{' '}
        {sent.sentTo}. It works for 10 minutes.
      </p>
      <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
        <div>
          <label htmlFor="redeem-code" className="block font-semibold">
            6-digit code
          </label>
          <input
            id="redeem-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={values.code}
            onChange={(e) => set('code', e.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'redeem-code-error' : undefined}
            className={`${textInput} mt-1 text-center font-mono text-2xl tracking-[0.4em]`}
          />
          <FieldError id="redeem-code-error" message={error} />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <button type="submit" className={`${primaryButton} flex-1`} disabled={redeem.isPending}>
            {redeem.isPending ? (
              <Spinner label="Redeeming..." className="py-0 text-white [&_svg]:text-white" />
            ) : (
              'Confirm Redemption'
            )}
          </button>
          <button type="button" className={secondaryButton} onClick={props.onClose}>
            Cancel
          </button>
        </div>
      </form>
      <button type="button" className="mt-3 min-h-11 font-semibold text-brand-800 underline" onClick={props.onResend}>
        Send a new code
      </button>
    </dialog>
  );
}
