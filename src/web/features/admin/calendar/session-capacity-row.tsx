import { useId, useState, type FormEvent } from 'react';
import {
  setSessionCapacitySchema,
  type SessionCapacityDto,
  MAX_SESSION_CAPACITY,
} from '../../../../shared/contracts/session-capacity';
import { longDate } from '../../../../shared/date-text';
import { textInput } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast-store';
import { useSetSessionCapacity } from '../api/session-capacity-api';
import { useSignInAgainOn } from '../api/staff-query';
import { Pill } from '../components/pill';
import { smallPrimary } from '../components/panel-parts';

/**
 * One session of the chosen date: places taken out of its capacity, and the capacity to change. The
 * server decides (never below the places taken, which may have grown since the page loaded): its
 * refusal, or a typing mistake, is shown under the field.
 */
export function SessionCapacityRow({ date, session }: { date: string; session: SessionCapacityDto }) {
  const id = useId();
  const save = useSetSessionCapacity();
  useSignInAgainOn(save.error);
  const [value, setValue] = useState(String(session.capacity));
  const [error, setError] = useState('');
  const { label, capacity, taken, remaining, defaultCapacity, blocked } = session;

  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const parsed = setSessionCapacitySchema.safeParse({
      date,
      sessionId: session.sessionId,
      capacity: value.trim() === '' ? undefined : Number(value),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (res) => {
        setValue(String(res.session.capacity));
        toast({
          title: 'Capacity saved',
          description: `${label} on ${longDate(date)}: ${res.session.capacity} places, ${res.session.taken} taken.`,
        });
      },
      onError: (err) => setError(err.message),
    });
  }

  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h4 id={`${id}-title`} className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          {label} {blocked ? <Pill tone="amber">Blocked</Pill> : null}
        </h4>
        <p className="mt-1 text-slate-800">
          <span className="font-semibold">{taken}</span> of <span className="font-semibold">{capacity}</span> places
          taken, {remaining} left
          {capacity !== defaultCapacity ? <span className="text-slate-700"> (usually {defaultCapacity})</span> : null}
        </p>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-capacity`} className="mb-1 block text-sm font-semibold text-slate-900">
              Capacity<span className="sr-only"> for {label}</span> (children)
            </label>
            <input
              id={`${id}-capacity`}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_SESSION_CAPACITY}
              step={1}
              className={`${textInput} w-32`}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError('');
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-err` : undefined}
            />
          </div>
          <button type="submit" className={`${smallPrimary} min-h-12 px-5`} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
            <span className="sr-only"> capacity for {label}</span>
          </button>
        </div>
        <p id={`${id}-err`} role="alert" className="mt-2 text-sm font-semibold text-berry-700 empty:hidden">
          {error}
        </p>
      </form>
    </li>
  );
}
