import { longDate } from '../../../../shared/date-text';
import { FieldError, Spinner } from '../../../components/ui/primitives';
import { MonthGrid } from './month-grid';
import { bookingErrorId, RadioCards } from './booking-controls';
import { bookableDates, dayOf, monthOf, slotBookable, slotDetail, type PartyDay } from './party-booking-logic';
import type { PartyBookingForm } from './use-party-booking-form';

type Props = {
  form: PartyBookingForm;
  month: string;
  onMonth: (month: string) => void;
  range: { from: string; to: string };
  /** The month's days, or null while they load. */
  days: PartyDay[] | null;
  loadError: string | null;
  onRetry: () => void;
  onDate: (date: string) => void;
  onSlot: (slotId: string) => void;
};

/**
 * Step 1: a month of dates (one call per month), the dates with a room free clickable, then the chosen
 * date's times with the rooms still free. The calendar is always shown, not a pop-over: it is the step.
 */
export function DateStep({ form, month, onMonth, range, days, loadError, onRetry, onDate, onSlot }: Props) {
  const free = days ? bookableDates(days) : new Set<string>();
  const date = form.values.date;
  const day = days && date && monthOf(date) === month ? dayOf(days, date) : undefined;

  return (
    <div className="grid grid-cols-1 gap-5">
      <div>
        <p id="book-date-label" className="font-semibold text-slate-900">
          Party date
        </p>
        <p id="book-date-hint" className="text-sm text-slate-700">
          Dates with a party room free can be chosen; crossed-out dates are full, closed or not yet on sale.
        </p>
        <div id="book-date-calendar" className="mt-2 max-w-sm rounded-2xl border border-slate-200 bg-white p-2 sm:p-3">
          <MonthGrid
            month={month}
            onMonth={onMonth}
            first={monthOf(range.from)}
            last={monthOf(range.to)}
            value={date}
            onChange={onDate}
            isFree={(iso) => free.has(iso)}
            invalid={!!form.errors.date}
            describedBy={form.errors.date ? bookingErrorId('date') : 'book-date-hint'}
          />
          {loadError ? (
            <div role="alert" className="px-2 pb-2 text-slate-900">
              <p>{loadError}</p>
              <button type="button" onClick={onRetry} className="mt-1 min-h-11 font-semibold text-brand-800 underline">
                Try again
              </button>
            </div>
          ) : !days ? (
            <Spinner label="Checking free dates..." className="py-2" />
          ) : free.size === 0 ? (
            <p role="status" className="px-2 pb-2 text-slate-800">
              No party rooms are free this month. Try the next month, or send us an enquiry below.
            </p>
          ) : null}
        </div>
        <FieldError id={bookingErrorId('date')} message={form.errors.date} />
      </div>

      {day ? (
        <div>
          <p id="book-slot-label" className="font-semibold text-slate-900">
            Party time on {longDate(day.date)}
          </p>
          <div className="mt-1">
            <RadioCards
              form={form}
              field="slotId"
              labelledBy="book-slot-label"
              onPick={onSlot}
              choices={day.slots.map((s) => ({
                value: s.slotId,
                title: s.label,
                detail: slotDetail(s),
                disabled: !slotBookable(s),
              }))}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
