import { Info, Lock, TriangleAlert } from 'lucide-react';
import { longDate } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { primaryButton, Spinner, textInput } from '../../../components/ui/primitives';

/** A closed date, or one with restricted availability, said beside the calendar as soon as it is chosen. */
export function DayNotice({ closedReason, restricted }: { closedReason?: string | null; restricted?: boolean }) {
  if (closedReason)
    return (
      <div role="status" className="flex gap-3 rounded-2xl border-2 border-berry-700 bg-white p-4">
        <TriangleAlert aria-hidden className="h-6 w-6 shrink-0 text-berry-700" />
        <p className="font-bold text-slate-900">Closed: {closedReason}</p>
      </div>
    );
  if (!restricted) return null;
  return (
    <div role="status" className="flex gap-3 rounded-2xl border-2 border-amber-400 bg-amber-50 p-4">
      <TriangleAlert aria-hidden className="h-6 w-6 shrink-0 text-amber-700" />
      <div>
        <p className="font-bold text-slate-900">Limited Availability</p>
        <p className="text-slate-800">This date has restricted availability. Please contact us for more information.</p>
      </div>
    </div>
  );
}

export function SpecialRequestsField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div>
      <label htmlFor="specialRequests" className="block font-semibold text-slate-900">
        Special Requirements <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <textarea
        id="specialRequests"
        rows={3}
        className={`${textInput} mt-1`}
        placeholder="Allergies, accessibility needs, anything we should know"
        name="specialRequests"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Prices are dated: said when the chosen day's prices differ from those step 1 showed. */
export function PriceChangedNote({ date }: { date: string }) {
  return (
    <p role="status" className="flex items-start gap-2 rounded-xl bg-sun-300/40 px-3 py-2 text-slate-900">
      <Info aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      Ticket prices are different for visits on {longDate(date)}: your total is for that day.
    </p>
  );
}

/** "Proceed to Payment · £X", waiting while the booking is sent or the chosen day's prices load. */
export function ProceedToPayment({
  pending,
  pricesLoading,
  amountPence,
}: {
  pending: boolean;
  pricesLoading: boolean;
  amountPence: number;
}) {
  return (
    <>
      <button type="submit" className={`${primaryButton} w-full`} disabled={pending || pricesLoading}>
        {pending ? (
          <Spinner label="Processing..." className="py-0 text-white [&_svg]:text-white" />
        ) : pricesLoading ? (
          <Spinner label="Checking prices for your date..." className="py-0 text-white [&_svg]:text-white" />
        ) : (
          <>
            <Lock aria-hidden className="h-5 w-5" />
            Proceed to Payment · {formatPence(amountPence)}
          </>
        )}
      </button>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Info aria-hidden className="h-4 w-4 shrink-0" />
        Your places are held for 15 minutes while you pay.
      </p>
    </>
  );
}
