import { ChevronLeft, ChevronRight } from 'lucide-react';
import { longDayMonth, monthYear } from '../../../../shared/date-text';
import { addDays, addMonths, dayOfWeek } from '../../../../shared/dates';
import { Tooltip } from '../../../components/ui/tooltip';
import { monthOf, shiftMonth } from './party-booking-logic';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

type Props = {
  month: string;
  onMonth: (month: string) => void;
  /** The first and last months that can be shown. */
  first: string;
  last: string;
  value: string;
  onChange: (iso: string) => void;
  isFree: (iso: string) => boolean;
  invalid: boolean;
  describedBy: string;
};

/** The days of a month (YYYY-MM) with the blank cells before the 1st, the week starting on Monday. */
function cellsOf(month: string): (string | null)[] {
  const start = `${month}-01`;
  const end = addDays(addMonths(start, 1), -1);
  const cells: (string | null)[] = Array.from({ length: (dayOfWeek(start) + 6) % 7 }, () => null);
  for (let d = start; d <= end; d = addDays(d, 1)) cells.push(d);
  return cells;
}

/**
 * A month of dates as one radio group laid out as a calendar: one Tab stop, the arrow keys move between the
 * dates that can be chosen (the browser's own radio keys), full or closed dates are disabled and crossed out.
 * Lighter than a date-picker library, which the party page's first visit cannot afford.
 */
export function MonthGrid({ month, onMonth, first, last, value, onChange, isFree, invalid, describedBy }: Props) {
  const title = monthYear(month);
  const navButton =
    'inline-flex h-11 w-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50 disabled:text-slate-400 disabled:hover:bg-transparent';
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-x-2 px-1">
        <p id="book-month-title" aria-live="polite" className="text-lg font-bold text-slate-900">
          {title}
        </p>
        <div className="ml-auto flex gap-1">
          <Tooltip label="Previous month" align="start">
            <button
              type="button"
              aria-label="Previous month"
              className={navButton}
              disabled={month <= first}
              onClick={() => onMonth(shiftMonth(month, -1))}
            >
              <ChevronLeft aria-hidden className="h-6 w-6" />
            </button>
          </Tooltip>
          <Tooltip label="Next month" align="end">
            <button
              type="button"
              aria-label="Next month"
              className={navButton}
              disabled={month >= last}
              onClick={() => onMonth(shiftMonth(month, 1))}
            >
              <ChevronRight aria-hidden className="h-6 w-6" />
            </button>
          </Tooltip>
        </div>
      </div>
      {/* Seven columns cannot shrink past a readable width: with large text on a narrow phone the month scrolls
          sideways inside this box (as the visit calendar does, WCAG 1.4.10) instead of squashing its numbers. */}
      <div className="overflow-x-auto">
        <div className="min-w-[14rem]">
          <div aria-hidden className="mt-1 grid grid-cols-7 text-center text-sm text-slate-600">
            {WEEKDAYS.map((d) => (
              <span key={d} className="py-1">
                {d}
              </span>
            ))}
          </div>
          <div
            role="radiogroup"
            aria-labelledby="book-date-label book-month-title"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className="grid grid-cols-7 gap-y-1 text-center"
          >
            {cellsOf(month).map((iso, i) => {
              if (!iso) return <span key={`blank-${i}`} />;
              const free = isFree(iso) && monthOf(iso) === month;
              return (
                <label
                  key={iso}
                  data-day={iso}
                  className={`relative mx-auto flex h-11 w-11 max-w-full items-center whitespace-nowrap justify-center rounded-full text-base has-[:checked]:bg-brand-700 has-[:checked]:font-bold has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-berry-600 ${free ? 'cursor-pointer font-semibold text-slate-900 hover:bg-brand-50' : 'text-slate-500 line-through'}`}
                >
                  <input
                    type="radio"
                    name="book-date"
                    value={iso}
                    checked={value === iso}
                    disabled={!free}
                    data-booking-field="date"
                    aria-label={`${longDayMonth(iso)}${free ? ', rooms free' : ', not available'}`}
                    onChange={() => onChange(iso)}
                    className="sr-only"
                  />
                  <span aria-hidden>{Number(iso.slice(8))}</span>
                </label>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
