import { useEffect, useId, useRef, useState } from 'react';
import type { FamilyMembership, FutureVisitsChoice } from '../../../../shared/contracts/memberships';
import { formatPence } from '../../../../shared/money';
import { secondaryButton, Spinner } from '../../../components/ui/primitives';
import { problemText } from '../../../lib/problem-text';
import { useCancelMembership, useCoolingOffPreview } from '../../../api/memberships';
import { lastDayText, longDateOf } from '../../../lib/membership-text';
import { CoolingOffTerms } from './cooling-off-terms';
import { RadioCard } from './radio-card';

type Mode = 'end_of_period' | 'cooling_off';

/**
 * "Cancel your membership?": by default it ends at the end of the period paid and does not renew; within the
 * 14 days of cooling-off the family may instead cancel now for a refund. A native modal <dialog> keeps the
 * focus inside and closes on Escape (as the rewards' confirm dialog); the focus goes back where it was.
 */
export function CancelMembershipDialog({
  membership: m,
  email,
  choices,
  onClose,
  onDone,
}: {
  membership: FamilyMembership;
  email: string;
  choices: { endOfPeriod: boolean; coolingOff: boolean };
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState<Mode>(choices.endOfPeriod ? 'end_of_period' : 'cooling_off');
  const cancel = useCancelMembership(email);
  // Issue 46: the cooling-off cancel shows its refund and the visits booked ahead first, and asks what becomes of them.
  const preview = useCoolingOffPreview(email, m.id, mode === 'cooling_off');
  const [futureVisits, setFutureVisits] = useState<FutureVisitsChoice | null>(null);
  const [choiceMissing, setChoiceMissing] = useState(false);
  const mustChoose = mode === 'cooling_off' && (preview.data?.future.length ?? 0) > 0;
  const endsOn = m.currentPeriodEnd ? lastDayText(m.currentPeriodEnd) : null;
  const coolingOffUntil = longDateOf(m.coolingOffUntil);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => previous?.focus();
  }, []);

  const endText = endsOn
    ? `Your membership will end on ${endsOn} and will not renew.`
    : 'Your membership will end at the end of the period paid and will not renew.';
  const refundText = `You joined less than 14 days ago, so until ${coolingOffUntil} you can cancel straight away. We refund what you paid, less the visits it paid for, to your card.`;

  const confirm = () => {
    if (mode === 'cooling_off' && !preview.data) return;
    if (mustChoose && !futureVisits) {
      setChoiceMissing(true);
      ref.current?.querySelector<HTMLInputElement>(`input[name="${id}-future"]`)?.focus();
      return;
    }
    cancel.mutate(
      { id: m.id, mode, ...(mustChoose && futureVisits ? { futureVisits } : {}) },
      {
        onSuccess: (res) => {
          const refund = res.refundPence > 0 ? ` We are refunding ${formatPence(res.refundPence)} to your card.` : '';
          onDone(res.message.includes('£') ? res.message : `${res.message}${refund}`);
        },
      },
    );
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(e) => {
        if (cancel.isPending) e.preventDefault(); // Escape mid-request would hide the server's answer
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-3xl bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        Cancel your {m.planName}?
      </h2>
      {choices.endOfPeriod && choices.coolingOff ? (
        <fieldset className="mt-4">
          <legend className="font-semibold">How would you like to cancel?</legend>
          <div className="mt-2 space-y-3">
            <RadioCard
              name={`${id}-mode`}
              checked={mode === 'end_of_period'}
              onChange={() => setMode('end_of_period')}
              label={endsOn ? `End it on ${endsOn}` : 'End it at the end of the period paid'}
              detail={endText}
            />
            <RadioCard
              name={`${id}-mode`}
              checked={mode === 'cooling_off'}
              onChange={() => setMode('cooling_off')}
              label="Cancel now and get a refund"
              detail={refundText}
            />
          </div>
        </fieldset>
      ) : (
        <p className="mt-3 text-slate-800">{mode === 'end_of_period' ? endText : refundText}</p>
      )}
      {mode === 'cooling_off' ? (
        <CoolingOffTerms
          id={id}
          preview={preview}
          choice={futureVisits}
          onChoose={(c) => {
            setFutureVisits(c);
            setChoiceMissing(false);
          }}
          choiceMissing={choiceMissing}
        />
      ) : null}
      <p role="alert" className="mt-3 font-semibold text-berry-700 empty:hidden">
        {cancel.isError ? problemText(cancel.error) : ''}
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row-reverse">
        <button
          type="button"
          onClick={confirm}
          disabled={cancel.isPending || (mode === 'cooling_off' && !preview.data)}
          className="inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full bg-berry-700 px-5 py-2 font-semibold text-white transition hover:bg-berry-600 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {cancel.isPending ? (
            <Spinner label="Cancelling..." className="py-0 text-white [&_svg]:text-white" />
          ) : mode === 'cooling_off' ? (
            'Cancel now and get a refund'
          ) : (
            'Yes, cancel my membership'
          )}
        </button>
        <button type="button" onClick={onClose} disabled={cancel.isPending} className={secondaryButton}>
          Keep my membership
        </button>
      </div>
    </dialog>
  );
}
