import { useId } from 'react';
import { addDays, todayInLondon } from '../../../../shared/dates';
import { longDate } from '../../../../shared/date-text';
import { textInput } from '../../../components/ui/primitives';
import { useSessionCapacities } from '../api/session-capacity-api';
import { QueryState } from '../components/query-state';
import { SessionCapacityRow } from './session-capacity-row';

/**
 * "Places per session" (DECISIONS.md "Running the day"): a date's sessions with places taken out of
 * capacity, each capacity editable for that date only. The date follows a day tapped in the calendar.
 */
export function SessionCapacityCard({ date, onDateChange }: { date: string; onDateChange: (iso: string) => void }) {
  const id = useId();
  const query = useSessionCapacities(date);
  const today = todayInLondon(new Date());
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id={`${id}-title`} className="text-xl font-bold text-brand-800">
        Places per session
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Change how many children one session takes on one date. It cannot go below the places already taken.
      </p>
      <div className="mt-3 max-w-xs">
        {/* Not just "Date": the block form beside it has that label. */}
        <label htmlFor={`${id}-date`} className="mb-1 block font-semibold text-slate-900">
          Date of the sessions
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className={textInput}
          min={today}
          max={addDays(today, 2 * 366)}
          value={date}
          onChange={(e) => onDateChange(e.target.value)}
        />
      </div>
      {date ? (
        <>
          {/* A line of text, not a second spinner (role=status) beside the restrictions' one. */}
          {query.isPending ? (
            <p className="mt-4 text-slate-700">Loading the sessions...</p>
          ) : (
            <QueryState query={query} what="the sessions" />
          )}
          {query.data ? (
            <ul className="mt-4 grid gap-3 md:grid-cols-3" aria-label={`Sessions on ${longDate(query.data.date)}`}>
              {query.data.sessions.map((s) => (
                <SessionCapacityRow key={`${query.data.date}-${s.sessionId}`} date={query.data.date} session={s} />
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="mt-3 text-slate-700">Choose a date to see its sessions.</p>
      )}
    </section>
  );
}
