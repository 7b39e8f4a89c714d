import { CalendarDays, ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  DayPicker,
  labelDayButton,
  NextMonthButton,
  PreviousMonthButton,
  type Matcher,
  type NextMonthButtonProps,
  type PreviousMonthButtonProps,
} from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import 'react-day-picker/style.css';
import './calendar.css';
import type { PriceBand } from '../../../../shared/contracts/day-types';
import { longDate, shortDayMonth } from '../../../../shared/date-text';
import { formatPence } from '../../../../shared/money';
import { addDays } from '../../../../shared/dates';
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
  /** Why the venue is closed on a date, as staff wrote it (undefined when open). */
  closedReason: (iso: string) => string | undefined;
  loading: boolean;
  invalid: boolean;
  describedBy?: string;
  /** The bands of days with their from-prices (the legend), and each date's band id. */
  bands: PriceBand[];
  bandOf: (iso: string) => string | undefined;
};

/** Up to eight bands, each with its own mark: a dot in one of these colours and, for all but the first, a shape. */
const bandMarks = ['band-0', 'band-1', 'band-2', 'band-3', 'band-4', 'band-5', 'band-6', 'band-7'];

/** The closed dates of the month shown, with their reasons: what a crossed-out day cannot say in colour alone. */
function closuresIn(month: Date, range: { from: string; to: string }, closedReason: Props['closedReason']) {
  const monthStart = dateToIso(new Date(month.getFullYear(), month.getMonth(), 1));
  const monthEnd = dateToIso(new Date(month.getFullYear(), month.getMonth() + 1, 0));
  const found: { iso: string; reason: string }[] = [];
  for (let iso = monthStart > range.from ? monthStart : range.from; iso <= monthEnd && iso <= range.to;) {
    const reason = closedReason(iso);
    if (reason) found.push({ iso, reason });
    iso = addDays(iso, 1);
  }
  return found;
}

/**
 * The visit date as a button that opens a calendar popover (in the page flow on phones, where a
 * floating panel would not fit beside the form's padding). Past dates, dates beyond the bookable
 * month and dates the server says are unavailable are disabled; the month's closed dates are listed
 * under it with staff's reason ("Closed: Staff training"). Escape or a click outside closes it.
 */
export function VisitDateField(props: Props) {
  const { id, value, onChange, range, isUnavailable, closedReason, loading, invalid, describedBy, bands, bandOf } =
    props;
  const bandName = (iso: string) => bands.find((b) => b.id === bandOf(iso))?.name;
  // Each band is a DayPicker modifier, so its days carry a class (the dot) and the legend explains it.
  const bandModifiers = Object.fromEntries(
    bands.map((b, i) => [bandMarks[i] ?? 'band-7', (d: Date) => bandOf(dateToIso(d)) === b.id]),
  );
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => isoToDate(value || range.from));
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
        onClick={() => {
          if (!open) setMonth(isoToDate(value || range.from)); // each opening starts at the chosen date's month
          setOpen(!open);
        }}
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
              month={month}
              onMonthChange={setMonth}
              startMonth={first}
              endMonth={last}
              disabled={disabled}
              components={monthButtons}
              modifiers={bandModifiers}
              modifiersClassNames={Object.fromEntries(bandMarks.map((m) => [m, m]))}
              labels={{
                labelDayButton: (date, modifiers, options, lib) => {
                  const reason = closedReason(dateToIso(date));
                  const band = bandName(dateToIso(date));
                  const label = labelDayButton(date, modifiers, options, lib) + (band ? `, ${band}` : '');
                  return reason ? `${label}, Closed: ${reason}` : label;
                },
              }}
              onSelect={(d) => {
                if (!d) return;
                onChange(dateToIso(d));
                setOpen(false);
                buttonRef.current?.focus();
              }}
            />
          )}
          {loading ? null : <BandLegend bands={bands} />}
          {loading ? null : <ClosedDates closures={closuresIn(month, range, closedReason)} />}
          <p className="px-2 pb-1 text-sm text-slate-600">
            Crossed-out dates are full, closed or outside the booking window.
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** "● Off-peak from £7.50  ● Peak from £9.50": what each day's mark means and what it costs. */
function BandLegend({ bands }: { bands: PriceBand[] }) {
  if (bands.length < 2) return null;
  return (
    <ul
      aria-label="Prices by day"
      data-testid="band-legend"
      className="flex flex-wrap gap-x-4 gap-y-1 px-2 pb-1 text-sm"
    >
      {bands.map((b, i) => (
        <li key={b.id} className="flex items-center gap-1.5 text-slate-800">
          <span aria-hidden className={`band-dot ${bandMarks[i] ?? 'band-7'}`} />
          <span className="font-semibold">{b.name}</span>
          {b.fromPence === null ? null : <span>from {formatPence(b.fromPence)}</span>}
        </li>
      ))}
    </ul>
  );
}

function ClosedDates({ closures }: { closures: { iso: string; reason: string }[] }) {
  if (closures.length === 0) return null;
  return (
    <ul aria-label="Closed dates this month" className="space-y-0.5 px-2 pb-1 text-sm text-slate-800">
      {closures.map((c) => (
        <li key={c.iso}>
          <span className="font-semibold">{shortDayMonth(c.iso)}</span> · Closed: {c.reason}
        </li>
      ))}
    </ul>
  );
}
