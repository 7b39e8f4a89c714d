import { format, parseISO } from 'date-fns';
import { longDayMonth } from '../../../../shared/date-text';
import type { SessionView } from '../../../../shared/catalogue';
import { useCatalogue } from '../../../app/catalogue';
import { mondayOffset, type DayBlocks } from './calendar-dates';

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function statusText(blocks: DayBlocks | undefined, sessions: readonly SessionView[]): string {
  if (!blocks) return 'open';
  if (blocks.wholeDay || blocks.sessionIds.size === sessions.length) return 'closed all day';
  return `${sessions
    .filter((s) => blocks.sessionIds.has(s.id))
    .map((s) => s.label)
    .join(' and ')} blocked`;
}

/**
 * The next 31 days at a glance, Monday-first like a wall calendar: closed days filled, days with a
 * blocked session marked with a dot per session. Tapping a day puts it in the form.
 */
export function BlockedDaysGrid({
  days,
  blocks,
  selected,
  onPick,
}: {
  days: string[];
  blocks: Map<string, DayBlocks>;
  selected: string;
  onPick: (iso: string) => void;
}) {
  const { sessions } = useCatalogue();
  const lead = days.length ? mondayOffset(days[0]!) : 0;
  return (
    <div>
      <div aria-hidden className="grid grid-cols-7 gap-1 text-center text-xs font-semibold text-slate-700">
        {weekdays.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <div className="mt-1 grid grid-cols-7 gap-1">
        {Array.from({ length: lead }, (_, i) => (
          <span key={`blank-${i}`} aria-hidden />
        ))}
        {days.map((iso, i) => {
          const b = blocks.get(iso);
          const closed = !!b && (b.wholeDay || b.sessionIds.size === sessions.length);
          const d = parseISO(iso);
          const showMonth = i === 0 || d.getDate() === 1;
          const tone = closed
            ? 'border-berry-700 bg-berry-700 text-white'
            : b
              ? 'border-amber-500 bg-amber-50 text-slate-900'
              : 'border-slate-200 bg-white text-slate-900';
          return (
            <button
              key={iso}
              type="button"
              onClick={() => onPick(iso)}
              aria-pressed={selected === iso}
              className={`flex min-h-12 flex-col items-center justify-center rounded-xl border-2 px-0.5 py-1 text-sm leading-tight hover:border-brand-700 aria-pressed:ring-3 aria-pressed:ring-brand-700 ${tone}`}
            >
              <span className="font-semibold">
                {d.getDate()}
                {showMonth ? <span className="text-xs font-normal"> {format(d, 'MMM')}</span> : null}
              </span>
              <span className="sr-only">
                {longDayMonth(iso)}: {statusText(b, sessions)}
              </span>
              {b && !closed ? (
                <span aria-hidden className="mt-0.5 flex gap-0.5">
                  {sessions.map((s) =>
                    b.sessionIds.has(s.id) ? (
                      <span key={s.id} className="h-1.5 w-1.5 rounded-full bg-amber-700" />
                    ) : null,
                  )}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <li className="flex items-center gap-2">
          <span aria-hidden className="h-4 w-4 rounded border-2 border-slate-200 bg-white" /> Open
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden className="h-4 w-4 rounded border-2 border-amber-500 bg-amber-50" /> Some sessions blocked
          (one dot each)
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden className="h-4 w-4 rounded bg-berry-700" /> Closed all day
        </li>
      </ul>
    </div>
  );
}
