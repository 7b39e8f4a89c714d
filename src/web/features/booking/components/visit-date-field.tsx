import { CalendarDays, ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  DayPicker,
  NextMonthButton,
  PreviousMonthButton,
  type Matcher,
  type NextMonthButtonProps,
  type PreviousMonthButtonProps,
} from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import 'react-day-picker/style.css';
import './calendar.css';
import { longDate } from '../../../../shared/date-text';
import { dateToIso, isoToDate } from '../lib/dates';
import { Spinner } from '../../../components/ui/primitives';
import { Tooltip } from '../../../components/ui/tooltip';

// The month arrows are icon-only buttons: each gets a tooltip with its own name (SPEC.md section 9).
// Defined once here, not inline, so DayPicker keeps the same components between renders.
const monthButtons = {
  PreviousMonthButton: (p: PreviousMonthButtonProps) => (
    <Tooltip label={p['aria-label'] ?? 'Previous month'} align="start">
      <PreviousMonthButton {...p} />
    </Tooltip>
  ),
  NextMonthButton: (p: NextMonthButtonProps) => (
    <Tooltip label={p['aria-label'] ?? 'Next month'} align="end">
      <NextMonthButton {...p} />
    </Tooltip>
  ),
};

type Props = {
  id: string;
  value: string;
  onChange: (iso: string) => void;
  range: { from: string; to: string };
  isUnavailable: (iso: string) => boolean;
  loading: boolean;
  invalid: boolean;
  describedBy?: string;
};

/**
 * The visit date as a button that opens a calendar popover (in the page flow on phones, where a
 * floating panel would not fit beside the form's padding). Past dates, dates beyond the bookable
 * month and dates the server says are unavailable are disabled. Escape or a click outside closes it.
 */
export function VisitDateField({ id, value, onChange, range, isUnavailable, loading, invalid, describedBy }: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const first = isoToDate(range.from);
  const last = isoToDate(range.to);
  const disabled: Matcher[] = [{ before: first }, { after: last }, (d: Date) => isUnavailable(dateToIso(d))];

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={id}
        type="button"
        aria-haspopup="dialog"
        aria-labelledby={`${id}-label ${id}`}
        aria-expanded={open}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-12 w-full items-center gap-3 rounded-xl border-2 border-slate-300 bg-white px-4 py-2 text-left text-base text-slate-900 hover:border-brand-700 aria-[invalid=true]:border-berry-700"
      >
        <CalendarDays aria-hidden className="h-5 w-5 shrink-0 text-brand-700" />
        <span className={`flex-1 ${value ? '' : 'text-slate-600'}`}>{value ? longDate(value) : 'Pick a date'}</span>
        <ChevronDown aria-hidden className="h-5 w-5 shrink-0 text-slate-600" />
      </button>
      {/* The month is a grid of seven 42 px days: at 200% text on a 320 px screen it scrolls sideways
          inside this box (as a data table may, WCAG 1.4.10) instead of widening the page. */}
      {open ? (
        <div
          role="dialog"
          aria-label="Choose a visit date"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setOpen(false);
              buttonRef.current?.focus();
            }
          }}
          className="-mx-2 mt-2 overflow-x-auto rounded-2xl border border-slate-200 bg-white p-1 shadow-xl sm:absolute sm:left-0 sm:z-20 sm:mx-0 sm:p-3"
        >
          {loading ? (
            <Spinner label="Checking availability..." />
          ) : (
            <DayPicker
              mode="single"
              locale={enGB}
              weekStartsOn={1}
              autoFocus
              selected={value ? isoToDate(value) : undefined}
              defaultMonth={value ? isoToDate(value) : first}
              startMonth={first}
              endMonth={last}
              disabled={disabled}
              components={monthButtons}
              onSelect={(d) => {
                if (!d) return;
                onChange(dateToIso(d));
                setOpen(false);
                buttonRef.current?.focus();
              }}
            />
          )}
          <p className="px-2 pb-1 text-sm text-slate-600">
            Crossed-out dates are full, closed or outside the booking window.
          </p>
        </div>
      ) : null}
    </div>
  );
}
