import { ArrowLeft, ArrowRight, CircleAlert, LoaderCircle } from 'lucide-react';
import { primaryButton, secondaryButton } from '../../../components/ui/primitives';

export type StepNotice = { tone: 'taken' | 'error'; text: string };

/** What stopped the last step (the time was just taken, or the server refused), read out as an alert. */
export function StepNoticeAlert({ notice }: { notice: StepNotice | null }) {
  if (!notice) return null;
  return (
    <div
      role="alert"
      className={`mb-4 flex gap-3 rounded-2xl p-4 text-slate-900 ${notice.tone === 'taken' ? 'bg-amber-50' : 'bg-red-50'}`}
    >
      <CircleAlert aria-hidden className="h-6 w-6 shrink-0 text-berry-700" />
      <p>{notice.text}</p>
    </div>
  );
}

/** Back (from step 2 on) and Continue; the last step's Continue holds the room and goes to payment. */
export function StepNav({
  stepNumber,
  last,
  pending,
  onBack,
}: {
  stepNumber: number;
  last: boolean;
  pending: boolean;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
      {stepNumber > 1 ? (
        <button type="button" className={secondaryButton} onClick={onBack}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
          Back
        </button>
      ) : null}
      <button type="submit" className={`${primaryButton} sm:min-w-56`} disabled={pending}>
        {pending ? <LoaderCircle aria-hidden className="h-5 w-5 animate-spin" /> : null}
        {last ? (pending ? 'Holding your room...' : 'Continue to payment') : 'Continue'}
        {last || pending ? null : <ArrowRight aria-hidden className="h-5 w-5" />}
      </button>
    </div>
  );
}
