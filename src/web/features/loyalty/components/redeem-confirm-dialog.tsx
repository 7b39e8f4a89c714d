import { useEffect, useRef } from 'react';
import type { RewardDto, VoucherDto } from '../../../../shared/contracts/loyalty';
import { primaryButton, secondaryButton, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { useRedeem } from '../api/redeem';
import { redeemFailed } from './redeem-failed';

/**
 * "Redeem <reward> for N points?": one confirming click, no e-mailed code (the family session already
 * proves the address). A native modal <dialog> keeps focus inside and closes on Escape, with no dialog
 * library to load.
 */
export function RedeemConfirmDialog(props: {
  email: string;
  memberId: string;
  reward: RewardDto;
  onClose: () => void;
  onRedeemed: (v: VoucherDto) => void;
}) {
  const { reward } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const redeem = useRedeem(props.email);

  useEffect(() => {
    // Removing the element ends the modal state, so unmounting is closing; focus goes back where it was.
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => previous?.focus();
  }, []);

  const confirm = () =>
    redeem.mutate(
      { memberId: props.memberId, rewardId: reward.id, pointsCost: reward.pointsCost },
      {
        onSuccess: (res) => {
          toast({
            title: 'Reward Redeemed!',
            description: `Your voucher code is ${res.voucher.code}. We have emailed it to you too.`,
          });
          props.onRedeemed(res.voucher);
        },
        onError: () => {
          props.onClose(); // first: a toast cannot be reached behind a modal dialog
          redeemFailed();
        },
      },
    );

  return (
    <dialog
      ref={ref}
      aria-labelledby="redeem-confirm-title"
      aria-describedby="redeem-confirm-help"
      onClose={props.onClose}
      // Escape while the points are being spent would drop the answer, and with it the voucher code.
      onCancel={(e) => {
        if (redeem.isPending) e.preventDefault();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id="redeem-confirm-title" className="text-2xl font-bold">
        Redeem {reward.title} for {reward.pointsCost} points?
      </h2>
      <p id="redeem-confirm-help" className="mt-2 text-slate-700">
        We take {reward.pointsCost} points from your balance and give you a voucher code here, and by e-mail.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row-reverse">
        <button type="button" className={`${primaryButton} flex-1`} onClick={confirm} disabled={redeem.isPending}>
          {redeem.isPending ? (
            <Spinner label="Redeeming..." className="py-0 text-white [&_svg]:text-white" />
          ) : (
            'Confirm'
          )}
        </button>
        <button type="button" className={secondaryButton} onClick={props.onClose} disabled={redeem.isPending}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
