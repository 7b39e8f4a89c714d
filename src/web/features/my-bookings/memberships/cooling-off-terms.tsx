import type { CoolingOffPreview, FutureVisitsChoice } from '../../../../shared/contracts/memberships';
import { longDayMonth } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { Spinner } from '../../../components/ui/primitives';
import { problemText } from '../../../lib/problem-text';
import { RadioCard } from './radio-card';

const visitsWord = (n: number) => (n === 1 ? '1 visit' : `${n} visits`);
const childrenWord = (n: number) => (n === 1 ? '1 child' : `${n} children`);

/** What the chosen way leaves to refund: cancelling the visits ahead, or keeping (and paying for) them. */
export const refundFor = (p: CoolingOffPreview, choice: FutureVisitsChoice | null): number | null =>
  p.future.length === 0
    ? p.refundPence.ifCancelled
    : choice
      ? p.refundPence[choice === 'cancel' ? 'ifCancelled' : 'ifKept']
      : null;

/**
 * Issue 46: before a cooling-off cancel, what it comes to: what was paid, the visits made with it and their
 * worth, the visits booked ahead it pays for, the family's choice for them, and the refund that choice gives.
 */
export function CoolingOffTerms({
  id,
  preview,
  choice,
  onChoose,
  choiceMissing,
}: {
  id: string;
  preview: { isPending: boolean; isError: boolean; error: unknown; data?: CoolingOffPreview };
  choice: FutureVisitsChoice | null;
  onChoose: (c: FutureVisitsChoice) => void;
  choiceMissing: boolean;
}) {
  if (preview.isPending) return <Spinner label="Working out your refund..." />;
  if (preview.isError || !preview.data)
    return (
      <p role="alert" className="mt-3 font-semibold text-berry-700">
        {problemText(preview.error)}
      </p>
    );
  const p = preview.data;
  const keptPence = p.future.reduce((n, v) => n + v.valuePence, 0);
  const refund = refundFor(p, choice);
  return (
    <div className="mt-4 space-y-3 text-slate-900" data-testid="cooling-off-terms">
      <dl className="grid grid-cols-[minmax(0,1fr)_max-content] gap-x-4 gap-y-1">
        <dt>You paid</dt>
        <dd className="text-right">{formatPence(p.paidPence)}</dd>
        <dt>{p.made.visits ? `Less ${visitsWord(p.made.visits)} made with it` : 'Visits made with it'}</dt>
        <dd className="text-right">{p.made.visits ? `- ${formatPence(p.made.valuePence)}` : 'None'}</dd>
      </dl>
      {p.future.length ? (
        <fieldset aria-describedby={`${id}-ahead`}>
          <legend className="font-semibold">Visits booked ahead with this membership</legend>
          <ul id={`${id}-ahead`} className="mt-1 space-y-1" data-testid="cooling-off-future">
            {p.future.map((v) => (
              <li key={v.reference} className="rounded-xl bg-slate-50 px-3 py-2">
                <span className="font-semibold">{longDayMonth(v.visitDate)}</span>, {v.session}{' '}
                <span className="whitespace-nowrap">({v.reference})</span>: {childrenWord(v.visits)}, worth{' '}
                {formatPence(v.valuePence)}
              </li>
            ))}
          </ul>
          <p className="mt-3 font-semibold">What should happen to them?</p>
          <div className="mt-2 space-y-2">
            <RadioCard
              name={`${id}-future`}
              checked={choice === 'cancel'}
              onChange={() => onChoose('cancel')}
              label="Cancel them"
              detail={`Their places are given back and anything else you paid on them is refunded too. Refund: ${formatPence(p.refundPence.ifCancelled)}.`}
              invalid={choiceMissing}
            />
            <RadioCard
              name={`${id}-future`}
              checked={choice === 'keep'}
              onChange={() => onChoose('keep')}
              label="Keep them and pay for them"
              detail={`They stay booked; their ${formatPence(keptPence)} comes off your refund, so there is nothing to pay at the desk. Refund: ${formatPence(p.refundPence.ifKept)}.`}
              invalid={choiceMissing}
            />
          </div>
          <p role="alert" className="mt-2 font-semibold text-berry-700 empty:hidden">
            {choiceMissing ? 'Please choose whether to cancel or keep these visits.' : ''}
          </p>
        </fieldset>
      ) : null}
      <p className="rounded-2xl bg-brand-50 p-3 text-lg font-bold" aria-live="polite" data-testid="cooling-off-refund">
        {refund === null ? 'Choose above to see your refund.' : `Your refund: ${formatPence(refund)}`}
      </p>
    </div>
  );
}
