import { Info } from 'lucide-react';
import type { AvailabilityRangeResponse } from '../../../../shared/contracts/booking';
import { FieldError } from '../../../components/ui/primitives';
import type { useAvailability } from '../api/availability';
import { closedReasonOf } from '../lib/sessions';
import { dateSellsBasket, sellRuleText, type SellRule } from '../lib/ticket-rules';
import { fullSessions } from '../waiting-list/join-waiting-list';
import { VisitDateField } from './visit-date-field';

type Availability = ReturnType<typeof useAvailability>;

/**
 * "Visit Date": the calendar (dates the basket's tickets cannot be sold on are off; a full date stays choosable for
 * its waiting list or the places an offer holds), the tickets' day rules, and a note when availability is unknown.
 */
export function VisitDateSection({
  value,
  range,
  availability,
  rules,
  sessionIds,
  sessionLabels,
  offerDate,
  error,
  onChange,
}: {
  value: string;
  range: { from: string; to: string };
  availability: Availability;
  rules: SellRule[];
  sessionIds: string[];
  sessionLabels: Record<string, string>;
  /** The date a held waiting-list offer is for: bookable although it shows full. */
  offerDate?: string;
  error?: string;
  onChange: (iso: string) => void;
}) {
  const dayOf = (iso: string): AvailabilityRangeResponse['dates'][number] | undefined =>
    availability.data?.byDate.get(iso);
  const isUnavailable = (iso: string) => {
    if (!dateSellsBasket(rules, iso, sessionIds)) return true;
    const d = dayOf(iso);
    if (offerDate === iso || fullSessions(d, 1).length > 0) return false;
    return d ? !d.available : false; // SPEC.md: when availability cannot be read, a date counts as available
  };
  return (
    <div>
      <label id="selectedDate-label" htmlFor="selectedDate" className="block font-semibold text-slate-900">
        Visit Date
      </label>
      <div className="mt-1">
        <VisitDateField
          id="selectedDate"
          value={value}
          range={range}
          loading={availability.isPending}
          isUnavailable={isUnavailable}
          closedReason={(iso) => closedReasonOf(dayOf(iso))}
          bands={availability.data?.bands ?? []}
          bandOf={(iso) => dayOf(iso)?.bandId}
          invalid={!!error}
          describedBy={error ? 'selectedDate-error' : undefined}
          onChange={onChange}
        />
      </div>
      <FieldError id="selectedDate-error" message={error} />
      {rules.map((r) => (
        <p key={r.id} className="mt-1 flex items-start gap-2 text-sm text-slate-700">
          <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {sellRuleText(r, sessionLabels)}
        </p>
      ))}
      {availability.isError ? (
        <p className="mt-1 text-sm text-slate-700">
          We couldn&apos;t check availability just now; we&apos;ll confirm your places when you book.
        </p>
      ) : null}
    </div>
  );
}
